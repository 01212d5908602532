ALTER TABLE `users` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `seconds_options` ADD `fee` integer DEFAULT 0 NOT NULL;