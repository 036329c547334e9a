ALTER TABLE "sale_channel_references" ADD COLUMN "last_error_detail" jsonb;--> statement-breakpoint
ALTER TABLE "sale_channel_sync_logs" ADD COLUMN "error_detail" jsonb;