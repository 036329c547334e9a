-- Scan counts leave the wide batch row (ADR 027): the scan flush rewrote every scanned batch's whole
-- row and its five indexes each second. A narrow row per scanned batch, with room on its page for
-- HOT updates, holds the count and the number of distinct sources (the lookup counted scan_sources
-- on every read).
CREATE TABLE "trace_scans" (
	"traceability_id" integer PRIMARY KEY NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"sources" integer DEFAULT 0 NOT NULL
) WITH (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "trace_scans" ADD CONSTRAINT "trace_scans_traceability_id_traceabilities_id_fk" FOREIGN KEY ("traceability_id") REFERENCES "public"."traceabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "trace_scans" ("traceability_id", "scans", "sources")
  SELECT t."id", t."scan_count", (SELECT count(*)::int FROM "scan_sources" s WHERE s."traceability_id" = t."id")
  FROM "traceabilities" t
  WHERE t."scan_count" > 0 OR EXISTS (SELECT 1 FROM "scan_sources" s WHERE s."traceability_id" = t."id");--> statement-breakpoint
ALTER TABLE "traceabilities" DROP COLUMN "scan_count";
