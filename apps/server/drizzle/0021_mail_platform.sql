ALTER TABLE "mail_queue" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "reply_to" text;