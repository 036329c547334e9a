CREATE TABLE "epcis_capture_events" (
	"capture_id" integer NOT NULL,
	"position" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"trace_event_id" integer NOT NULL,
	CONSTRAINT "epcis_capture_events_capture_id_position_pk" PRIMARY KEY("capture_id","position")
);
--> statement-breakpoint
CREATE TABLE "epcis_captures" (
	"id" serial PRIMARY KEY NOT NULL,
	"capture_id" text NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"party_name" text NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"success" boolean DEFAULT true NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "epcis_captures_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "origin" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "capture_id" integer;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "epcis_hash" text;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "epcis_event" jsonb;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "captured_by" text;--> statement-breakpoint
ALTER TABLE "epcis_capture_events" ADD CONSTRAINT "epcis_capture_events_capture_id_epcis_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."epcis_captures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_capture_events" ADD CONSTRAINT "epcis_capture_events_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_capture_events" ADD CONSTRAINT "epcis_capture_events_trace_event_id_trace_events_id_fk" FOREIGN KEY ("trace_event_id") REFERENCES "public"."trace_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epcis_capture_events_producer_idx" ON "epcis_capture_events" USING btree ("producer_id","trace_event_id");--> statement-breakpoint
CREATE INDEX "epcis_capture_events_event_idx" ON "epcis_capture_events" USING btree ("trace_event_id");--> statement-breakpoint
CREATE INDEX "epcis_captures_producer_idx" ON "epcis_captures" USING btree ("producer_id","created_at");--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_capture_id_epcis_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."epcis_captures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trace_events_captured_hash_uq" ON "trace_events" USING btree ("traceability_id","epcis_hash") WHERE "trace_events"."epcis_hash" is not null;--> statement-breakpoint
CREATE INDEX "trace_events_hash_idx" ON "trace_events" USING btree ("epcis_hash") WHERE "trace_events"."epcis_hash" is not null;