CREATE TABLE `chat_room_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lang` text NOT NULL,
	`user_id` integer NOT NULL,
	`nickname` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	`removed_by` text,
	`open_reports` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_room_messages_lang` ON `chat_room_messages` (`lang`,`id`);--> statement-breakpoint
CREATE INDEX `chat_room_messages_user` ON `chat_room_messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_room_messages_reports` ON `chat_room_messages` (`open_reports`);--> statement-breakpoint
CREATE TABLE `chat_room_mutes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`muted_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `chat_room_reports` (
	`message_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`message_id`, `reporter_id`),
	FOREIGN KEY (`message_id`) REFERENCES `chat_room_messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `support_conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`visitor_hash` text,
	`channel_key` text NOT NULL,
	`lang` text NOT NULL,
	`topic` text,
	`status` text NOT NULL,
	`assigned_operator_id` integer,
	`assigned_to` text,
	`waiting_since` integer,
	`last_message_at` integer NOT NULL,
	`user_read_id` integer DEFAULT 0 NOT NULL,
	`operator_read_id` integer DEFAULT 0 NOT NULL,
	`closed_at` integer,
	`closed_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_conversations_user` ON `support_conversations` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `support_conversations_visitor` ON `support_conversations` (`visitor_hash`,`status`);--> statement-breakpoint
CREATE INDEX `support_conversations_waiting` ON `support_conversations` (`status`,`waiting_since`);--> statement-breakpoint
CREATE UNIQUE INDEX `support_conversations_channel` ON `support_conversations` (`channel_key`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender` text NOT NULL,
	`operator_id` integer,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `support_conversations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_messages_conversation` ON `support_messages` (`conversation_id`,`id`);