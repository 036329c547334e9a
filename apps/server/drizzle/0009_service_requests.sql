CREATE TABLE "service_request_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_register_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"user_id" integer,
	"service_id" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignee_id" integer,
	"step_due_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"locked_by" integer,
	"cancel_reason" text,
	"booking" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"step_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_request_notes" ADD CONSTRAINT "service_request_notes_request_id_user_register_services_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."user_register_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_notes" ADD CONSTRAINT "service_request_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_register_services" ADD CONSTRAINT "user_register_services_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_register_services" ADD CONSTRAINT "user_register_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_register_services" ADD CONSTRAINT "user_register_services_service_id_register_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."register_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_register_services" ADD CONSTRAINT "user_register_services_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_register_services" ADD CONSTRAINT "user_register_services_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_notes_request_idx" ON "service_request_notes" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "urs_platform_status_idx" ON "user_register_services" USING btree ("platform","status","created_at");--> statement-breakpoint
CREATE INDEX "urs_producer_idx" ON "user_register_services" USING btree ("producer_id","service_id");--> statement-breakpoint
CREATE INDEX "urs_assignee_idx" ON "user_register_services" USING btree ("assignee_id");