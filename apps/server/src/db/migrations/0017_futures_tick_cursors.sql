CREATE TABLE `futures_tick_cursors` (
	`symbol` text PRIMARY KEY NOT NULL,
	`tick_id` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `futures_orders` ADD `created_tick_id` integer;