CREATE TABLE "batch_days" (
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "batch_days_pk" PRIMARY KEY("platform","day")
);
--> statement-breakpoint
DROP INDEX "traceabilities_platform_published_idx";--> statement-breakpoint
-- Batches published per platform and day in Vietnam (UTC+7 all year), for the admin dashboard's
-- 30-day chart: kept by a trigger, so every way a batch is published, moved or deleted counts, in
-- the same transaction; the chart reads 30 rows instead of counting the window's batches.
CREATE OR REPLACE FUNCTION batch_days_count() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.published_at IS NOT DISTINCT FROM NEW.published_at AND OLD.platform = NEW.platform THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.published_at IS NOT NULL THEN
    UPDATE batch_days SET published = published - 1
      WHERE platform = OLD.platform AND day = ((OLD.published_at AT TIME ZONE 'UTC') + interval '7 hours')::date;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.published_at IS NOT NULL THEN
    INSERT INTO batch_days (platform, day, published)
      VALUES (NEW.platform, ((NEW.published_at AT TIME ZONE 'UTC') + interval '7 hours')::date, 1)
      ON CONFLICT (platform, day) DO UPDATE SET published = batch_days.published + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER traceabilities_batch_days
  AFTER INSERT OR DELETE OR UPDATE OF published_at, platform ON traceabilities
  FOR EACH ROW EXECUTE FUNCTION batch_days_count();--> statement-breakpoint
-- The batches already published.
INSERT INTO batch_days (platform, day, published)
  SELECT platform, ((published_at AT TIME ZONE 'UTC') + interval '7 hours')::date, count(*)::int
  FROM traceabilities WHERE published_at IS NOT NULL
  GROUP BY 1, 2;
