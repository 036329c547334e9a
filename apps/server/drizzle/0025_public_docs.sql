-- The public page of each published batch, built once and read by one index lookup (ADR 028), and
-- the producer's revision that every write to one of its pages bumps inside its transaction: a
-- page built from an older revision is not stored. Pages are built by the lookups that find none.
CREATE TABLE "trace_public_docs" (
	"traceability_id" integer PRIMARY KEY NOT NULL,
	"public_code" text NOT NULL,
	"platform" text NOT NULL,
	"product_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"head" text NOT NULL,
	"valid_until" date,
	"format" text NOT NULL,
	"rev" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "producers" ADD COLUMN "public_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trace_public_docs" ADD CONSTRAINT "trace_public_docs_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trace_public_docs_code_uq" ON "trace_public_docs" USING btree ("public_code");