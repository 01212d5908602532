CREATE TABLE `spot_conditional_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`kind` text NOT NULL,
	`direction` text NOT NULL,
	`trigger_ticks` integer NOT NULL,
	`limit_ticks` integer,
	`qty_lots` integer NOT NULL,
	`account_type_id` integer NOT NULL,
	`hold_currency_id` integer NOT NULL,
	`hold_amount` integer NOT NULL,
	`status` text NOT NULL,
	`fail_reason` text,
	`group_id` integer NOT NULL,
	`order_id` integer,
	`trigger_tick_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `spot_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`trigger_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `spot_conditional_user` ON `spot_conditional_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `spot_conditional_waiting` ON `spot_conditional_orders` (`status`,`symbol`);--> statement-breakpoint
CREATE INDEX `spot_conditional_group` ON `spot_conditional_orders` (`group_id`);--> statement-breakpoint
CREATE INDEX `spot_conditional_order` ON `spot_conditional_orders` (`order_id`);