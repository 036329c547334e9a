CREATE TABLE "sale_channel_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"channel_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"referenceable_type" text NOT NULL,
	"product_id" integer,
	"register_status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"sync_status" text DEFAULT 'not_synced' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"snapshot" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_channel_sync_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_id" integer NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"logo_url" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"requirements" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"feed_token" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_channel_references" ADD CONSTRAINT "sale_channel_references_channel_id_sale_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sale_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_channel_references" ADD CONSTRAINT "sale_channel_references_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_channel_references" ADD CONSTRAINT "sale_channel_references_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_channel_references" ADD CONSTRAINT "sale_channel_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_channel_sync_logs" ADD CONSTRAINT "sale_channel_sync_logs_reference_id_sale_channel_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."sale_channel_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_channel_sync_logs" ADD CONSTRAINT "sale_channel_sync_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scr_producer_uq" ON "sale_channel_references" USING btree ("channel_id","producer_id") WHERE "sale_channel_references"."product_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scr_product_uq" ON "sale_channel_references" USING btree ("channel_id","product_id") WHERE "sale_channel_references"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "scr_platform_status_idx" ON "sale_channel_references" USING btree ("platform","register_status","created_at");--> statement-breakpoint
CREATE INDEX "scr_sync_idx" ON "sale_channel_references" USING btree ("channel_id","sync_status");--> statement-breakpoint
CREATE INDEX "scr_product_idx" ON "sale_channel_references" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sale_channel_sync_logs_ref_idx" ON "sale_channel_sync_logs" USING btree ("reference_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_channels_platform_code_uq" ON "sale_channels" USING btree ("platform","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_channels_feed_token_uq" ON "sale_channels" USING btree ("feed_token");