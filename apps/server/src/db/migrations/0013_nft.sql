CREATE TABLE `nft_artists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`avatar` text NOT NULL,
	`biography` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_artists_uid` ON `nft_artists` (`uid`);--> statement-breakpoint
CREATE TABLE `nft_artworks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`media_type` text NOT NULL,
	`media` text NOT NULL,
	`cover` text NOT NULL,
	`rarity` text NOT NULL,
	`artist_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`edition` text NOT NULL,
	`owner_id` integer,
	`series_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_artworks_code` ON `nft_artworks` (`code`);--> statement-breakpoint
CREATE INDEX `nft_artworks_owner` ON `nft_artworks` (`owner_id`);--> statement-breakpoint
CREATE INDEX `nft_artworks_collection` ON `nft_artworks` (`collection_id`);--> statement-breakpoint
CREATE TABLE `nft_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`price` integer NOT NULL,
	`end_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nft_bids_listing` ON `nft_bids` (`listing_id`,`id`);--> statement-breakpoint
CREATE INDEX `nft_bids_user` ON `nft_bids` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `nft_blind_boxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`series_id` integer NOT NULL,
	`box_number` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`artwork_id` integer NOT NULL,
	`opened_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_blind_boxes_code` ON `nft_blind_boxes` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `nft_blind_boxes_number` ON `nft_blind_boxes` (`series_id`,`box_number`);--> statement-breakpoint
CREATE INDEX `nft_blind_boxes_owner` ON `nft_blind_boxes` (`owner_id`);--> statement-breakpoint
CREATE TABLE `nft_blind_series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`cover` text NOT NULL,
	`collection_id` integer NOT NULL,
	`price` integer NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`seed` text NOT NULL,
	`commitment` text NOT NULL,
	`committed_at` integer NOT NULL,
	`revealed_at` integer,
	`sold` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_blind_series_seed` ON `nft_blind_series` (`seed_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `nft_blind_series_code` ON `nft_blind_series` (`code`);--> statement-breakpoint
CREATE TABLE `nft_collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`cover` text NOT NULL,
	`artist_id` integer NOT NULL,
	`royalty_rate` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nft_collections_seed` ON `nft_collections` (`seed_key`);--> statement-breakpoint
CREATE TABLE `nft_favourites` (
	`user_id` integer NOT NULL,
	`artwork_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `artwork_id`)
);
--> statement-breakpoint
CREATE TABLE `nft_listings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_type` text NOT NULL,
	`item_id` integer NOT NULL,
	`code` text NOT NULL,
	`seller_id` integer,
	`mode` text NOT NULL,
	`price` integer NOT NULL,
	`increase` integer DEFAULT 0 NOT NULL,
	`margin` integer DEFAULT 0 NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`status` text NOT NULL,
	`current_bid` integer,
	`current_bidder_id` integer,
	`bid_count` integer DEFAULT 0 NOT NULL,
	`winner_id` integer,
	`payment_deadline` integer,
	`buyer_id` integer,
	`sold_price` integer,
	`fee` integer,
	`royalty` integer,
	`sold_at` integer,
	`reviewed_by` text,
	`reviewed_at` integer,
	`reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nft_listings_item` ON `nft_listings` (`item_type`,`item_id`,`status`);--> statement-breakpoint
CREATE INDEX `nft_listings_status` ON `nft_listings` (`status`,`end_at`);--> statement-breakpoint
CREATE INDEX `nft_listings_seller` ON `nft_listings` (`seller_id`);--> statement-breakpoint
CREATE TABLE `nft_margins` (
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	PRIMARY KEY(`listing_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `nft_margins_user` ON `nft_margins` (`user_id`);--> statement-breakpoint
CREATE TABLE `nft_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`listing_id` integer NOT NULL,
	`code` text NOT NULL,
	`params` text NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nft_messages_user` ON `nft_messages` (`user_id`,`id`);