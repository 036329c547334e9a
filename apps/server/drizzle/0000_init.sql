CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producers" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"producer_type" text NOT NULL,
	"business_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tax_code" text,
	"representative" text,
	"phone" text,
	"email" text,
	"website" text,
	"province_code" text,
	"address" text,
	"description" text,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"filename" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"abilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"producer_id" integer,
	"registed_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"locale" text DEFAULT 'vi' NOT NULL,
	"required_change_password" boolean DEFAULT false NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"code" text,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"types" jsonb NOT NULL,
	"price_cents" bigint,
	"customer_sku" text,
	"thumbnail_id" integer,
	"thumbnail_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"description" text,
	"description_en" text,
	"category_id" integer,
	"product_type_id" integer,
	"unit" text NOT NULL,
	"price_cents" bigint,
	"shipping_price_cents" bigint,
	"discount_price_cents" bigint,
	"tax_rate" smallint,
	"gtin" text,
	"sku" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_province_code" text,
	"origin_country" text,
	"option_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"public_code" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_sources" (
	"traceability_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"traceability_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"traceability_id" integer NOT NULL,
	"step" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text,
	"description" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traceabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"lot_code" text NOT NULL,
	"public_code" text NOT NULL,
	"production_date" date NOT NULL,
	"expiry_date" date,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"production_base" jsonb,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"held_at" timestamp with time zone,
	"hold_reason" text,
	"recalled_at" timestamp with time zone,
	"recall_reason" text,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"traceability_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_sources" ADD CONSTRAINT "scan_sources_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_audits" ADD CONSTRAINT "trace_audits_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_audits" ADD CONSTRAINT "trace_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traceabilities" ADD CONSTRAINT "traceabilities_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traceabilities" ADD CONSTRAINT "traceabilities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traceabilities" ADD CONSTRAINT "traceabilities_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "producers_platform_idx" ON "producers" USING btree ("platform","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_access_uq" ON "sessions" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_uq" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_uq" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_platform_email_uq" ON "users" USING btree ("platform","email");--> statement-breakpoint
CREATE INDEX "users_producer_idx" ON "users" USING btree ("producer_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_platform_status_idx" ON "products" USING btree ("platform","status");--> statement-breakpoint
CREATE INDEX "products_producer_idx" ON "products" USING btree ("producer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_producer_sku_uq" ON "products" USING btree ("producer_id","sku") WHERE "products"."sku" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_public_code_uq" ON "products" USING btree ("public_code");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_sources_pk" ON "scan_sources" USING btree ("traceability_id","source_key");--> statement-breakpoint
CREATE INDEX "trace_audits_trace_idx" ON "trace_audits" USING btree ("traceability_id");--> statement-breakpoint
CREATE INDEX "trace_events_trace_idx" ON "trace_events" USING btree ("traceability_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "traceabilities_producer_lot_uq" ON "traceabilities" USING btree ("producer_id","lot_code");--> statement-breakpoint
CREATE UNIQUE INDEX "traceabilities_public_code_uq" ON "traceabilities" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "traceabilities_platform_idx" ON "traceabilities" USING btree ("platform","status");--> statement-breakpoint
CREATE INDEX "traceabilities_product_idx" ON "traceabilities" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "votes_trace_idx" ON "votes" USING btree ("traceability_id");