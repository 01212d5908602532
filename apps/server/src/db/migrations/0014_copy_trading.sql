CREATE TABLE `copy_agreements` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`agreed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `copy_follow_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follow_id` integer NOT NULL,
	`action` text NOT NULL,
	`type` integer NOT NULL,
	`number_hundredths` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `copy_follow_history_follow` ON `copy_follow_history` (`follow_id`,`id`);--> statement-breakpoint
CREATE TABLE `copy_follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`type` integer NOT NULL,
	`number_hundredths` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `copy_follows_pair` ON `copy_follows` (`follower_id`,`trader_id`);--> statement-breakpoint
CREATE INDEX `copy_follows_trader` ON `copy_follows` (`trader_id`,`status`);--> statement-breakpoint
CREATE TABLE `copy_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_order_id` integer NOT NULL,
	`trader_order_id` integer NOT NULL,
	`follow_id` integer NOT NULL,
	`follower_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`open_tick_id` integer NOT NULL,
	`share_bps` integer NOT NULL,
	`linked` integer DEFAULT true NOT NULL,
	`unlinked_at` integer,
	`closed` integer DEFAULT false NOT NULL,
	`pnl` integer,
	`profit_share` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `copy_positions_follower_order` ON `copy_positions` (`follower_order_id`);--> statement-breakpoint
CREATE INDEX `copy_positions_trader_order` ON `copy_positions` (`trader_order_id`,`linked`);--> statement-breakpoint
CREATE INDEX `copy_positions_follower` ON `copy_positions` (`follower_id`,`closed`,`id`);--> statement-breakpoint
CREATE INDEX `copy_positions_trader` ON `copy_positions` (`trader_id`,`closed`);--> statement-breakpoint
CREATE TABLE `copy_skips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follow_id` integer NOT NULL,
	`follower_id` integer NOT NULL,
	`trader_id` integer NOT NULL,
	`trader_order_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`reason_key` text NOT NULL,
	`reason_params` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `copy_skips_follower` ON `copy_skips` (`follower_id`,`id`);--> statement-breakpoint
CREATE TABLE `copy_trader_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`nickname` text NOT NULL,
	`introduction` text NOT NULL,
	`share_bps` integer NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `copy_trader_applications_user` ON `copy_trader_applications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `copy_trader_applications_status` ON `copy_trader_applications` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `copy_trader_stats` (
	`trader_id` integer PRIMARY KEY NOT NULL,
	`follower_count` integer NOT NULL,
	`closed_orders` integer NOT NULL,
	`profitable_orders` integer NOT NULL,
	`accuracy_bps` integer NOT NULL,
	`total_profit` integer NOT NULL,
	`follow_amount` integer NOT NULL,
	`follower_earnings` integer NOT NULL,
	`shares_received` integer NOT NULL,
	`curve` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `copy_traders` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`application_id` integer NOT NULL,
	`nickname` text NOT NULL,
	`introduction` text NOT NULL,
	`strategy` text DEFAULT '' NOT NULL,
	`share_bps` integer NOT NULL,
	`max_followers` integer NOT NULL,
	`approved_at` integer NOT NULL
);
