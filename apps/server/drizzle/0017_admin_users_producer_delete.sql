ALTER TABLE "producers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "producers" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_folder_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "document_folder_url" text;--> statement-breakpoint
ALTER TABLE "producers" ADD CONSTRAINT "producers_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_platform_created_idx" ON "users" USING btree ("platform","created_at");--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");--> statement-breakpoint
-- The user list's q also searches e-mails (accent- and case-free, as 0004 does for names).
CREATE INDEX IF NOT EXISTS users_email_search_idx ON users USING gin (lower(f_unaccent(email)) gin_trgm_ops);
