CREATE TABLE `seconds_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`currency_id` integer NOT NULL,
	`direction` text NOT NULL,
	`seconds` integer NOT NULL,
	`payout_rate` integer NOT NULL,
	`stake` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`open_tick_id` integer NOT NULL,
	`open_tick_time` integer NOT NULL,
	`open_price_ticks` integer NOT NULL,
	`status` text NOT NULL,
	`settle_tick_id` integer,
	`settle_tick_time` integer,
	`settle_price_ticks` integer,
	`payout` integer,
	`settle_entry_id` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer
);
--> statement-breakpoint
CREATE INDEX `seconds_options_user` ON `seconds_options` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `seconds_options_due` ON `seconds_options` (`status`,`expires_at`);