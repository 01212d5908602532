CREATE TABLE `client_orders` (
	`user_id` integer NOT NULL,
	`scope` text NOT NULL,
	`client_oid` text NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `scope`, `client_oid`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `client_orders_created` ON `client_orders` (`created_at`);