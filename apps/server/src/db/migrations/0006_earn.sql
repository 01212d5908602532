CREATE TABLE `dual_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`coin_currency_id` integer NOT NULL,
	`invest_currency_id` integer NOT NULL,
	`direction` text NOT NULL,
	`linked_price` text NOT NULL,
	`apr_percent` text NOT NULL,
	`days` integer NOT NULL,
	`maturity_at` integer NOT NULL,
	`shares` integer NOT NULL,
	`invested` integer NOT NULL,
	`status` text NOT NULL,
	`tick_id` integer,
	`tick_time` integer,
	`settlement_price` text,
	`converted` integer,
	`payout_currency_id` integer,
	`payout` integer,
	`interest` integer,
	`entry_id` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer
);
--> statement-breakpoint
CREATE INDEX `dual_orders_user` ON `dual_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `dual_orders_due` ON `dual_orders` (`status`,`maturity_at`);--> statement-breakpoint
CREATE TABLE `dual_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text,
	`coin_currency_id` integer NOT NULL,
	`direction` text NOT NULL,
	`linked_price` text NOT NULL,
	`apr_percent` text NOT NULL,
	`days` integer NOT NULL,
	`maturity_at` integer NOT NULL,
	`share_amount` integer NOT NULL,
	`total_shares` integer NOT NULL,
	`sold_shares` integer DEFAULT 0 NOT NULL,
	`sale_start` integer NOT NULL,
	`sale_end` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dual_products_seed` ON `dual_products` (`seed_key`);--> statement-breakpoint
CREATE INDEX `dual_products_list` ON `dual_products` (`coin_currency_id`,`direction`);--> statement-breakpoint
CREATE TABLE `ieo_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`pay_currency_id` integer NOT NULL,
	`price` text NOT NULL,
	`committed` integer NOT NULL,
	`held` integer NOT NULL,
	`status` text NOT NULL,
	`total_committed` integer,
	`cap` integer,
	`capped` integer,
	`allocated` integer,
	`paid` integer,
	`refunded` integer,
	`entry_id` integer,
	`unlocks_at` integer,
	`created_at` integer NOT NULL,
	`allocated_at` integer,
	`unlocked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ieo_orders_user` ON `ieo_orders` (`project_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `ieo_orders_mine` ON `ieo_orders` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `ieo_orders_status` ON `ieo_orders` (`status`,`project_id`);--> statement-breakpoint
CREATE TABLE `ieo_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text,
	`token_currency_id` integer NOT NULL,
	`token_symbol` text NOT NULL,
	`token_name` text NOT NULL,
	`token_scale` integer NOT NULL,
	`token_icon` text NOT NULL,
	`texts` text NOT NULL,
	`prices` text NOT NULL,
	`total_issuance` integer NOT NULL,
	`min_per_user` integer NOT NULL,
	`max_per_user` integer NOT NULL,
	`subscribe_start` integer NOT NULL,
	`subscribe_end` integer NOT NULL,
	`lock_days` integer NOT NULL,
	`whitepaper` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`allocated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ieo_projects_seed` ON `ieo_projects` (`seed_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `ieo_projects_token` ON `ieo_projects` (`token_currency_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ieo_projects_symbol` ON `ieo_projects` (`token_symbol`);--> statement-breakpoint
CREATE TABLE `lock_mining_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`lock_days` integer NOT NULL,
	`min_rate` integer NOT NULL,
	`max_rate` integer NOT NULL,
	`penalty_rate` integer NOT NULL,
	`dividend_minute` integer NOT NULL,
	`locked_at` integer NOT NULL,
	`value_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`days_paid` integer DEFAULT 0 NOT NULL,
	`yield_paid` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`penalty` integer,
	`refund` integer,
	`closed_at` integer
);
--> statement-breakpoint
CREATE INDEX `lock_mining_orders_user` ON `lock_mining_orders` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `lock_mining_orders_running` ON `lock_mining_orders` (`status`,`product_id`);--> statement-breakpoint
CREATE TABLE `lock_mining_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`day_number` integer NOT NULL,
	`rate_day` text NOT NULL,
	`rate` integer NOT NULL,
	`amount` integer NOT NULL,
	`payout_at` integer NOT NULL,
	`paid_at` integer NOT NULL,
	`entry_id` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lock_mining_payouts_day` ON `lock_mining_payouts` (`order_id`,`day_number`);--> statement-breakpoint
CREATE TABLE `lock_mining_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text,
	`currency_id` integer NOT NULL,
	`lock_days` integer NOT NULL,
	`min_rate` integer NOT NULL,
	`max_rate` integer NOT NULL,
	`min_amount` integer NOT NULL,
	`max_per_user` integer NOT NULL,
	`penalty_rate` integer NOT NULL,
	`dividend_minute` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lock_mining_products_seed` ON `lock_mining_products` (`seed_key`);--> statement-breakpoint
CREATE TABLE `lock_mining_rates` (
	`product_id` integer NOT NULL,
	`day` text NOT NULL,
	`seed` text NOT NULL,
	`commitment` text NOT NULL,
	`min_rate` integer NOT NULL,
	`max_rate` integer NOT NULL,
	`rate` integer NOT NULL,
	`late` integer DEFAULT false NOT NULL,
	`committed_at` integer NOT NULL,
	`revealed_at` integer,
	PRIMARY KEY(`product_id`, `day`)
);
