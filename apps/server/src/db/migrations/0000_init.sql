CREATE TABLE `account_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`currency_symbols` text NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_types_code_unique` ON `account_types` (`code`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `candles` (
	`symbol` text NOT NULL,
	`period` text NOT NULL,
	`start` integer NOT NULL,
	`open` integer NOT NULL,
	`high` integer NOT NULL,
	`low` integer NOT NULL,
	`close` integer NOT NULL,
	`volume` integer NOT NULL,
	PRIMARY KEY(`symbol`, `period`, `start`)
);
--> statement-breakpoint
CREATE TABLE `content_pages` (
	`slug` text NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`slug`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `currencies` (
	`id` integer PRIMARY KEY NOT NULL,
	`symbol` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`scale` integer NOT NULL,
	`display_decimals` integer NOT NULL,
	`chains` text NOT NULL,
	`icon` text NOT NULL,
	`reference_price` text NOT NULL,
	`sort` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `currencies_symbol_unique` ON `currencies` (`symbol`);--> statement-breakpoint
CREATE TABLE `faqs` (
	`id` integer NOT NULL,
	`lang` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`sort` integer NOT NULL,
	PRIMARY KEY(`id`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `fiat_rates` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`symbol` text NOT NULL,
	`rate` text NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `identity_verifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`level` integer NOT NULL,
	`id_type` integer,
	`name` text,
	`card_id` text,
	`front_pic` text NOT NULL,
	`reverse_pic` text,
	`status` text NOT NULL,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `identity_verifications_user` ON `identity_verifications` (`user_id`,`level`);--> statement-breakpoint
CREATE INDEX `identity_verifications_status` ON `identity_verifications` (`status`);--> statement-breakpoint
CREATE TABLE `journal_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`ref_type` text NOT NULL,
	`ref_id` text NOT NULL,
	`memo` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `journal_entries_ref` ON `journal_entries` (`ref_type`,`ref_id`);--> statement-breakpoint
CREATE TABLE `ledger_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`system_code` text,
	`currency_id` integer NOT NULL,
	`account_type_id` integer NOT NULL,
	`available` integer DEFAULT 0 NOT NULL,
	`frozen` integer DEFAULT 0 NOT NULL,
	`allow_negative` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_user` ON `ledger_accounts` (`user_id`,`currency_id`,`account_type_id`) WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_system` ON `ledger_accounts` (`system_code`,`currency_id`) WHERE system_code IS NOT NULL;--> statement-breakpoint
CREATE TABLE `news_articles` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`popup` integer DEFAULT false NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`published_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_articles_category` ON `news_articles` (`category_id`,`sort`);--> statement-breakpoint
CREATE TABLE `news_translations` (
	`article_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`article_id`, `lang`),
	FOREIGN KEY (`article_id`) REFERENCES `news_articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`code` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_messages_to` ON `outbox_messages` (`to_address`,`id`);--> statement-breakpoint
CREATE TABLE `postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`bucket` text NOT NULL,
	`amount` integer NOT NULL,
	`balance_after` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `journal_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `postings_account` ON `postings` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `postings_entry` ON `postings` (`entry_id`);--> statement-breakpoint
CREATE TABLE `recent_views` (
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `symbol`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`ip` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `spot_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`type` text NOT NULL,
	`time_in_force` text NOT NULL,
	`price_ticks` integer NOT NULL,
	`qty_lots` integer NOT NULL,
	`filled_lots` integer DEFAULT 0 NOT NULL,
	`filled_quote` integer DEFAULT 0 NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`account_type_id` integer NOT NULL,
	`hold_currency_id` integer NOT NULL,
	`hold_remaining` integer NOT NULL,
	`status` text NOT NULL,
	`cancel_reason` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reference_tick_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `spot_orders_user` ON `spot_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `spot_orders_open` ON `spot_orders` (`symbol`,`status`);--> statement-breakpoint
CREATE TABLE `spot_trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`symbol` text NOT NULL,
	`maker_order_id` integer NOT NULL,
	`taker_order_id` integer NOT NULL,
	`maker_user_id` integer NOT NULL,
	`taker_user_id` integer NOT NULL,
	`taker_side` text NOT NULL,
	`price_ticks` integer NOT NULL,
	`qty_lots` integer NOT NULL,
	`notional` integer NOT NULL,
	`maker_fee` integer NOT NULL,
	`taker_fee` integer NOT NULL,
	`reference_tick_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spot_trades_symbol` ON `spot_trades` (`symbol`,`id`);--> statement-breakpoint
CREATE INDEX `spot_trades_maker` ON `spot_trades` (`maker_order_id`);--> statement-breakpoint
CREATE INDEX `spot_trades_taker` ON `spot_trades` (`taker_order_id`);--> statement-breakpoint
CREATE TABLE `ticks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`symbol` text NOT NULL,
	`price_ticks` integer NOT NULL,
	`volume_lots` integer NOT NULL,
	`time` integer NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ticks_symbol_time` ON `ticks` (`symbol`,`time`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`directory` text NOT NULL,
	`file_name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_file` ON `uploads` (`directory`,`file_name`);--> statement-breakpoint
CREATE INDEX `uploads_user` ON `uploads` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`phone` text,
	`area_code` text,
	`password_hash` text NOT NULL,
	`pay_password_hash` text,
	`nickname` text NOT NULL,
	`signature` text DEFAULT '' NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`invite_code` text NOT NULL,
	`inviter_id` integer,
	`credit_score` integer DEFAULT 100 NOT NULL,
	`verification_level` integer DEFAULT 0 NOT NULL,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`password_changed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_invite_code` ON `users` (`invite_code`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`scene` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`ip` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_codes_address` ON `verification_codes` (`address`,`scene`,`created_at`);--> statement-breakpoint
CREATE TABLE `watchlist` (
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `symbol`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
