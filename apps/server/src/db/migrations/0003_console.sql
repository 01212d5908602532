CREATE TABLE `console_content` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`draft` text,
	`draft_updated_at` integer,
	`draft_updated_by` integer,
	`live` integer NOT NULL,
	`published_at` integer,
	`published_by` integer,
	PRIMARY KEY(`kind`, `key`),
	FOREIGN KEY (`draft_updated_by`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`published_by`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ledger_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ok` integer NOT NULL,
	`entries` integer NOT NULL,
	`postings` integer NOT NULL,
	`accounts` integer NOT NULL,
	`violations` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `operator_logins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer,
	`email` text NOT NULL,
	`success` integer NOT NULL,
	`failure` text DEFAULT '' NOT NULL,
	`ip` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operator_logins_operator` ON `operator_logins` (`operator_id`,`id`);--> statement-breakpoint
CREATE TABLE `operator_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`ip` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_sessions_token` ON `operator_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `operator_sessions_operator` ON `operator_sessions` (`operator_id`);--> statement-breakpoint
CREATE TABLE `operators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text,
	`totp_secret` text,
	`totp_last_step` integer,
	`setup_token_hash` text,
	`setup_expires_at` integer,
	`pending_totp_secret` text,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`disabled_at` integer,
	`last_login_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operators_email` ON `operators` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `operators_setup_token` ON `operators` (`setup_token_hash`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `operator_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `ip` text;--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `audit_log_operator` ON `audit_log` (`operator_id`,`id`);