DROP INDEX `ieo_projects_token`;--> statement-breakpoint
DROP INDEX `ieo_projects_symbol`;--> statement-breakpoint
CREATE INDEX `ieo_projects_token` ON `ieo_projects` (`token_currency_id`);--> statement-breakpoint
CREATE INDEX `ieo_projects_symbol` ON `ieo_projects` (`token_symbol`);