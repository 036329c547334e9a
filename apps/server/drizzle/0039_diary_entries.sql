CREATE TABLE "diary_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"user_id" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location_id" integer,
	"traceability_id" integer,
	"details" jsonb NOT NULL,
	"notes" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trace_event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_trace_event_id_trace_events_id_fk" FOREIGN KEY ("trace_event_id") REFERENCES "public"."trace_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_user_key_uq" ON "diary_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "diary_entries_owner_occurred_idx" ON "diary_entries" USING btree ("platform","producer_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "diary_entries_location_idx" ON "diary_entries" USING btree ("location_id","occurred_at") WHERE "diary_entries"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "diary_entries_traceability_idx" ON "diary_entries" USING btree ("traceability_id","occurred_at") WHERE "diary_entries"."traceability_id" is not null;--> statement-breakpoint
CREATE INDEX "diary_entries_spraying_location_idx" ON "diary_entries" USING btree ("location_id","occurred_at") WHERE "diary_entries"."type" = 'spraying' and "diary_entries"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "diary_entries_spraying_traceability_idx" ON "diary_entries" USING btree ("traceability_id","occurred_at") WHERE "diary_entries"."type" = 'spraying' and "diary_entries"."traceability_id" is not null;--> statement-breakpoint
CREATE INDEX "diary_entries_trace_event_idx" ON "diary_entries" USING btree ("trace_event_id") WHERE "diary_entries"."trace_event_id" is not null;