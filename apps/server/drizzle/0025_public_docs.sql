-- The public page of each published batch, built once and read by one index lookup (ADR 028), and
-- each producer's page revision, bumped inside every write to one of its pages: a page built from
-- an older revision is not stored. Pages are built by the lookups that find none.
CREATE TABLE "producer_page_revs" (
	"producer_id" integer PRIMARY KEY NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "producer_page_revs" ADD CONSTRAINT "producer_page_revs_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_public_docs" ADD CONSTRAINT "trace_public_docs_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trace_public_docs_code_uq" ON "trace_public_docs" USING btree ("public_code");--> statement-breakpoint
INSERT INTO "producer_page_revs" ("producer_id") SELECT "id" FROM "producers";--> statement-breakpoint
-- Every producer has its revision row (the store's share lock needs a row to wait on).
CREATE OR REPLACE FUNCTION producer_page_revs_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO producer_page_revs (producer_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER producers_page_revs_add
  AFTER INSERT ON "producers"
  FOR EACH ROW EXECUTE FUNCTION producer_page_revs_add();
