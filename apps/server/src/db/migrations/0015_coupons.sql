CREATE TABLE `user_registrations` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`ip` text NOT NULL,
	`device_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_registrations_ip` ON `user_registrations` (`ip`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_registrations_device` ON `user_registrations` (`device_hash`);--> statement-breakpoint
CREATE TABLE `withheld_rebates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inviter_id` integer NOT NULL,
	`invitee_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`fee` integer NOT NULL,
	`rebate` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_type` text NOT NULL,
	`ref_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `withheld_rebates_inviter` ON `withheld_rebates` (`inviter_id`);--> statement-breakpoint
CREATE TABLE `coupon_tasks` (
	`user_id` integer NOT NULL,
	`task` text NOT NULL,
	`done_at` integer NOT NULL,
	`claimed_at` integer,
	`coupon_id` integer,
	PRIMARY KEY(`user_id`, `task`)
);
--> statement-breakpoint
CREATE TABLE `coupon_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`currency_id` integer NOT NULL,
	`face_value` integer NOT NULL,
	`valid_days` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_templates_key_unique` ON `coupon_templates` (`key`);--> statement-breakpoint
CREATE TABLE `coupon_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`fee` integer NOT NULL,
	`refund` integer NOT NULL,
	`ref_type` text NOT NULL,
	`ref_id` text NOT NULL,
	`entry_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon` ON `coupon_uses` (`coupon_id`);--> statement-breakpoint
CREATE TABLE `user_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`template_id` integer NOT NULL,
	`kind` text NOT NULL,
	`currency_id` integer NOT NULL,
	`face_value` integer NOT NULL,
	`remaining` integer NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`task` text,
	`issued_by` text,
	`uses` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`futures_order_id` integer,
	`announced_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_coupons_user` ON `user_coupons` (`user_id`,`status`,`kind`);--> statement-breakpoint
CREATE INDEX `user_coupons_status` ON `user_coupons` (`status`,`valid_until`);--> statement-breakpoint
ALTER TABLE `futures_orders` ADD `margin_source` text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE `futures_orders` ADD `coupon_id` integer;--> statement-breakpoint
ALTER TABLE `futures_orders` ADD `voucher_expires_at` integer;