CREATE TABLE `auth_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`epoch` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `auth_epoch` (`id`, `epoch`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `auth_epoch_session_changed` AFTER UPDATE OF `user_id`, `token_hash`, `expires_at`, `revoked_at` ON `sessions`
BEGIN UPDATE `auth_epoch` SET `epoch` = `epoch` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `auth_epoch_session_deleted` AFTER DELETE ON `sessions`
BEGIN UPDATE `auth_epoch` SET `epoch` = `epoch` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `auth_epoch_user_changed` AFTER UPDATE OF `verification_level`, `frozen_at`, `frozen_reason` ON `users`
BEGIN UPDATE `auth_epoch` SET `epoch` = `epoch` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `auth_epoch_user_deleted` AFTER DELETE ON `users`
BEGIN UPDATE `auth_epoch` SET `epoch` = `epoch` + 1 WHERE `id` = 1; END;
