CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"group" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"meta_image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"body" text NOT NULL,
	"cover_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"meta_title" text,
	"meta_description" text,
	"meta_image_id" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_meta_image_id_uploads_id_fk" FOREIGN KEY ("meta_image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_parent_id_post_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_post_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."post_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_cover_id_uploads_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_meta_image_id_uploads_id_fk" FOREIGN KEY ("meta_image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faqs_platform_group_idx" ON "faqs" USING btree ("platform","group","position");--> statement-breakpoint
CREATE UNIQUE INDEX "page_views_platform_slug_uq" ON "page_views" USING btree ("platform","slug");--> statement-breakpoint
CREATE INDEX "post_categories_platform_idx" ON "post_categories" USING btree ("platform","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_platform_slug_uq" ON "posts" USING btree ("platform","slug");--> statement-breakpoint
CREATE INDEX "posts_platform_status_idx" ON "posts" USING btree ("platform","status","published_at");--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "posts_scheduled_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_title_search_idx ON posts USING gin (lower(f_unaccent(title)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS faqs_question_search_idx ON faqs USING gin (lower(f_unaccent(question)) gin_trgm_ops);
