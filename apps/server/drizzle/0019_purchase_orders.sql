CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(13, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount_type" text DEFAULT 'amount' NOT NULL,
	"discount_value" numeric(15, 2) DEFAULT 0 NOT NULL,
	"vat_rate" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"net" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"year" smallint NOT NULL,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"order_date" date NOT NULL,
	"supplier_type" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_tax_code" text,
	"supplier_address" text,
	"supplier_email" text,
	"supplier_phone" text,
	"supplier_contact" text,
	"delivery_date" date NOT NULL,
	"delivery_place" text NOT NULL,
	"payment_terms" text,
	"note" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"vat" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"mailed_to" text,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_order_position_uq" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_platform_code_uq" ON "purchase_orders" USING btree ("platform","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_platform_year_seq_uq" ON "purchase_orders" USING btree ("platform","year","seq");--> statement-breakpoint
CREATE INDEX "purchase_orders_platform_status_idx" ON "purchase_orders" USING btree ("platform","status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_platform_date_idx" ON "purchase_orders" USING btree ("platform","order_date");--> statement-breakpoint
CREATE INDEX "purchase_orders_platform_total_idx" ON "purchase_orders" USING btree ("platform","total");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("platform","supplier_type","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_by_idx" ON "purchase_orders" USING btree ("created_by");--> statement-breakpoint
-- Accent-free search (lib/search.ts textSearch) over the columns `q` reads, as in 0004.
CREATE INDEX IF NOT EXISTS purchase_orders_code_search_idx ON purchase_orders USING gin (lower(f_unaccent(code)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS purchase_orders_supplier_name_search_idx ON purchase_orders USING gin (lower(f_unaccent(supplier_name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS purchase_orders_supplier_tax_search_idx ON purchase_orders USING gin (lower(f_unaccent(supplier_tax_code)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS purchase_orders_note_search_idx ON purchase_orders USING gin (lower(f_unaccent(note)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS purchase_order_lines_description_search_idx ON purchase_order_lines USING gin (lower(f_unaccent(description)) gin_trgm_ops);
