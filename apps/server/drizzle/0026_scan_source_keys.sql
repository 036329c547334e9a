-- A batch's scan sources move into its trace_scans row (ADR 028): the distinct hashed network
-- prefixes, at most 21 (one more than the duplicate warning's threshold of 20), next to the count.
-- The flush then writes one row per scanned batch instead of one more per (batch, source). The
-- per-source counts and first/last times were never shown anywhere and go with scan_sources; the
-- number of distinct sources stays in trace_scans.sources.
ALTER TABLE "trace_scans" ADD COLUMN "source_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "trace_scans" c SET "source_keys" = ARRAY(
  SELECT s."source_key" FROM "scan_sources" s WHERE s."traceability_id" = c."traceability_id"
  ORDER BY s."source_key" LIMIT 21
);--> statement-breakpoint
DROP TABLE "scan_sources" CASCADE;--> statement-breakpoint
-- The union of two sets of source keys, sorted, at most `kept` of them (scans.ts flush).
CREATE FUNCTION "scan_source_keys_merged"(a text[], b text[], kept integer) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ARRAY(SELECT DISTINCT k FROM unnest(a || b) AS k ORDER BY k LIMIT kept) $$;
