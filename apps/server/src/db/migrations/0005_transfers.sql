CREATE TABLE `account_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`from_account_type_id` integer NOT NULL,
	`to_account_type_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `account_transfers_user` ON `account_transfers` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `conversion_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`from_currency_id` integer NOT NULL,
	`to_currency_id` integer NOT NULL,
	`from_price` text NOT NULL,
	`to_price` text NOT NULL,
	`from_tick_id` integer,
	`to_tick_id` integer,
	`fee_bps` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `conversion_quotes_expiry` ON `conversion_quotes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `conversions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`quote_id` text,
	`account_type_id` integer NOT NULL,
	`from_currency_id` integer NOT NULL,
	`to_currency_id` integer NOT NULL,
	`amount_in` integer NOT NULL,
	`amount_out` integer NOT NULL,
	`fee` integer NOT NULL,
	`from_price` text NOT NULL,
	`to_price` text NOT NULL,
	`from_tick_id` integer,
	`to_tick_id` integer,
	`fee_bps` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `conversions_user` ON `conversions` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `conversions_user_kind` ON `conversions` (`user_id`,`kind`,`created_at`);