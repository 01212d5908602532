CREATE TABLE `login_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`success` integer NOT NULL,
	`failure` text DEFAULT '' NOT NULL,
	`ip` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `login_events_user` ON `login_events` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `frozen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `frozen_reason` text;