-- trace_scans without its foreign key (schema/catalog.ts traceScans): the check on a batch's first
-- scan locked the wide batch row (KEY SHARE) and so wrote its page. The cascade becomes a trigger.
ALTER TABLE "trace_scans" DROP CONSTRAINT "trace_scans_traceability_id_traceabilities_id_fk";--> statement-breakpoint
DELETE FROM "trace_scans" c WHERE NOT EXISTS (SELECT 1 FROM "traceabilities" t WHERE t."id" = c."traceability_id");--> statement-breakpoint
CREATE FUNCTION "trace_scans_of_deleted_batches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "trace_scans" c USING "deleted_batches" d WHERE c."traceability_id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trace_scans_cascade" AFTER DELETE ON "traceabilities"
  REFERENCING OLD TABLE AS "deleted_batches" FOR EACH STATEMENT EXECUTE FUNCTION "trace_scans_of_deleted_batches"();
