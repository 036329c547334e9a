-- Ids of batches deleted in the last day (schema/catalog.ts deletedBatchIds): the scan flush skips
-- them with one hash anti-join over this small table instead of an index probe of traceabilities per
-- scanned batch. The cascade trigger of trace_scans (migration 0033) notes them and forgets those
-- older than a day (a scan stays buffered for a second or two, longer only while the database is down).
CREATE TABLE "deleted_batch_ids" (
	"id" integer PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "trace_scans_of_deleted_batches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "trace_scans" c USING "deleted_batches" d WHERE c."traceability_id" = d."id";
  DELETE FROM "deleted_batch_ids" WHERE "deleted_at" < now() - interval '1 day';
  INSERT INTO "deleted_batch_ids" ("id") SELECT "id" FROM "deleted_batches" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
