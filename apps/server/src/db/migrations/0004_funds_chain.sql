CREATE TABLE `deposit_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chain` text NOT NULL,
	`address` text NOT NULL,
	`tag` integer,
	`key_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposit_addresses_user_key` ON `deposit_addresses` (`user_id`,`chain`,`key_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deposit_addresses_address` ON `deposit_addresses` (`chain`,`address`,`tag`);--> statement-breakpoint
CREATE TABLE `deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type_id` integer NOT NULL,
	`route` text NOT NULL,
	`chain` text,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`txid` text,
	`output_index` integer,
	`address` text,
	`tag` integer,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`required_confirmations` integer DEFAULT 0 NOT NULL,
	`voucher` text,
	`payer_account` text,
	`voucher_type` integer,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`credited_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_chain_output` ON `deposits` (`chain`,`txid`,`output_index`) WHERE route = 'chain';--> statement-breakpoint
CREATE INDEX `deposits_user` ON `deposits` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `deposits_status` ON `deposits` (`status`);--> statement-breakpoint
CREATE TABLE `simulated_chain_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chain` text NOT NULL,
	`txid` text NOT NULL,
	`output_index` integer NOT NULL,
	`address` text NOT NULL,
	`tag` integer,
	`currency_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`broadcast_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_chain_transfers_output` ON `simulated_chain_transfers` (`chain`,`txid`,`output_index`);--> statement-breakpoint
CREATE INDEX `simulated_chain_transfers_chain` ON `simulated_chain_transfers` (`chain`,`id`);--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`account_type_id` integer NOT NULL,
	`route` text NOT NULL,
	`chain` text,
	`destination` text NOT NULL,
	`memo` text,
	`payee` text,
	`amount` integer NOT NULL,
	`fee` integer NOT NULL,
	`btc_value` integer NOT NULL,
	`price_tick_id` integer,
	`btc_tick_id` integer,
	`status` text NOT NULL,
	`tx_ref` text,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`btc_tick_id`) REFERENCES `ticks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `withdrawals_user` ON `withdrawals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `withdrawals_status` ON `withdrawals` (`status`);--> statement-breakpoint
CREATE TABLE `bank_cards` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`real_name` text NOT NULL,
	`bank_name` text NOT NULL,
	`bank_account` text NOT NULL,
	`bank_address` text NOT NULL,
	`bank_branch` text,
	`phone` text,
	`aba_number` text,
	`swift_code` text,
	`holder_address` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `withdrawal_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency_id` integer NOT NULL,
	`chain` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`memo` text DEFAULT '' NOT NULL,
	`qrcode` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_addresses_unique` ON `withdrawal_addresses` (`user_id`,`currency_id`,`chain`,`address`,`memo`);