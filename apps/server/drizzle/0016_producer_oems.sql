CREATE TABLE "producer_oems" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"tax_code" text,
	"contact_name" text,
	"phone" text,
	"email" text,
	"website" text,
	"province_code" text,
	"address" text,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"monthly_capacity" integer,
	"capacity_unit" text,
	"moq" integer,
	"moq_unit" text,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producer_oems" ADD CONSTRAINT "producer_oems_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "producer_oems_platform_active_idx" ON "producer_oems" USING btree ("platform","active","name");--> statement-breakpoint
CREATE INDEX "producer_oems_category_ids_idx" ON "producer_oems" USING gin ("category_ids");--> statement-breakpoint
-- Accent-free search (lib/search.ts textSearch) over the columns `q` reads, as in 0004.
CREATE INDEX IF NOT EXISTS producer_oems_name_search_idx ON producer_oems USING gin (lower(f_unaccent(name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS producer_oems_contact_search_idx ON producer_oems USING gin (lower(f_unaccent(contact_name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS producer_oems_address_search_idx ON producer_oems USING gin (lower(f_unaccent(address)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS producer_oems_tax_code_search_idx ON producer_oems USING gin (lower(f_unaccent(tax_code)) gin_trgm_ops);
