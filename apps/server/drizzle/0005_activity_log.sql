CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"platform" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"diff" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
-- Data: every batch history row of trace_audits moves into activity (same id, actor, time and
-- detail; a reason becomes the note), then trace_audits goes.
INSERT INTO "activity" ("id", "subject_type", "subject_id", "platform", "actor_id", "action", "note", "diff", "created_at")
SELECT a."id", 'traceability', a."traceability_id", t."platform", a."user_id", a."action", a."detail"->>'reason', a."detail", a."created_at"
FROM "trace_audits" a JOIN "traceabilities" t ON t."id" = a."traceability_id"
ORDER BY a."id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('activity', 'id'), COALESCE((SELECT max("id") FROM "activity"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "trace_audits" CASCADE;
