CREATE TABLE "chain_edges" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"from_lot_id" integer NOT NULL,
	"to_lot_id" integer,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"partner_id" integer,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"occurred_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"province_code" text NOT NULL,
	"commune" text,
	"address" text,
	"gln" text,
	"geometry" jsonb,
	"area_ha" numeric(12, 4),
	"crop" text,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent(name || chr(31) || coalesce(gln, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"from_location_id" integer,
	"partner_id" integer NOT NULL,
	"receiver_producer_id" integer,
	"destination" text,
	"shipped_on" date NOT NULL,
	"document_type" text,
	"document_number" text,
	"carrier" text,
	"sender_note" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"received_lot_id" integer,
	"received_quantity" numeric(14, 3),
	"received_on" date,
	"receiver_location_id" integer,
	"receiver_note" text,
	"refusal_reason" text,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"linked_producer_id" integer,
	"name" text NOT NULL,
	"tax_code" text,
	"address" text,
	"gln" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transformation_inputs" (
	"transformation_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "transformation_inputs_transformation_id_lot_id_pk" PRIMARY KEY("transformation_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "transformations" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"producer_id" integer NOT NULL,
	"output_lot_id" integer NOT NULL,
	"location_id" integer,
	"transformed_on" date NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trace_public_docs" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "traceabilities" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "trace_events" ADD COLUMN "transformation_id" integer;--> statement-breakpoint
ALTER TABLE "traceabilities" ADD COLUMN "used_quantity" numeric(14, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_edges" ADD CONSTRAINT "chain_edges_from_lot_id_traceabilities_id_fk" FOREIGN KEY ("from_lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_edges" ADD CONSTRAINT "chain_edges_to_lot_id_traceabilities_id_fk" FOREIGN KEY ("to_lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_edges" ADD CONSTRAINT "chain_edges_partner_id_trading_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."trading_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_lot_id_traceabilities_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_partner_id_trading_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."trading_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_receiver_producer_id_producers_id_fk" FOREIGN KEY ("receiver_producer_id") REFERENCES "public"."producers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_received_lot_id_traceabilities_id_fk" FOREIGN KEY ("received_lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_receiver_location_id_locations_id_fk" FOREIGN KEY ("receiver_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partners" ADD CONSTRAINT "trading_partners_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partners" ADD CONSTRAINT "trading_partners_linked_producer_id_producers_id_fk" FOREIGN KEY ("linked_producer_id") REFERENCES "public"."producers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformation_inputs" ADD CONSTRAINT "transformation_inputs_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformation_inputs" ADD CONSTRAINT "transformation_inputs_lot_id_traceabilities_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_output_lot_id_traceabilities_id_fk" FOREIGN KEY ("output_lot_id") REFERENCES "public"."traceabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_edges_from_idx" ON "chain_edges" USING btree ("from_lot_id","to_lot_id");--> statement-breakpoint
CREATE INDEX "chain_edges_to_idx" ON "chain_edges" USING btree ("to_lot_id","from_lot_id") WHERE "chain_edges"."to_lot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_edges_source_uq" ON "chain_edges" USING btree ("kind","source_id","from_lot_id");--> statement-breakpoint
CREATE INDEX "locations_owner_created_idx" ON "locations" USING btree ("platform","producer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "locations_search_idx" ON "locations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_gln_uq" ON "locations" USING btree ("platform","gln") WHERE "locations"."gln" is not null;--> statement-breakpoint
CREATE INDEX "shipments_sender_idx" ON "shipments" USING btree ("platform","producer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_receiver_idx" ON "shipments" USING btree ("platform","receiver_producer_id","status","created_at") WHERE "shipments"."receiver_producer_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_lot_idx" ON "shipments" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "shipments_received_lot_idx" ON "shipments" USING btree ("received_lot_id") WHERE "shipments"."received_lot_id" is not null;--> statement-breakpoint
CREATE INDEX "trading_partners_owner_idx" ON "trading_partners" USING btree ("platform","producer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_partners_linked_uq" ON "trading_partners" USING btree ("producer_id","linked_producer_id") WHERE "trading_partners"."linked_producer_id" is not null;--> statement-breakpoint
CREATE INDEX "transformation_inputs_lot_idx" ON "transformation_inputs" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "transformations_owner_idx" ON "transformations" USING btree ("platform","producer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transformations_output_uq" ON "transformations" USING btree ("output_lot_id");--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trace_events_location_idx" ON "trace_events" USING btree ("location_id") WHERE "trace_events"."location_id" is not null;--> statement-breakpoint
-- hand-written: a lot never gives more than it has (the guarded UPDATE of lib/lot-quantity.ts is the
-- rule; this is the floor under it), and a chain quantity is always positive.
ALTER TABLE "traceabilities" ADD CONSTRAINT "traceabilities_used_quantity_ck" CHECK ("used_quantity" >= 0 AND "used_quantity" <= "quantity");--> statement-breakpoint
ALTER TABLE "chain_edges" ADD CONSTRAINT "chain_edges_quantity_ck" CHECK ("quantity" > 0);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quantity_ck" CHECK ("quantity" > 0);--> statement-breakpoint
ALTER TABLE "transformation_inputs" ADD CONSTRAINT "transformation_inputs_quantity_ck" CHECK ("quantity" > 0);
-- Existing events keep their free-text place: nothing links them to a location (there is none yet,
-- and a name that matches is not proof of the same place; ADR 036).
