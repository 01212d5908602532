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
CREATE INDEX `withheld_rebates_inviter` ON `withheld_rebates` (`inviter_id`);