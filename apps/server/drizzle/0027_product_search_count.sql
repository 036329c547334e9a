CREATE INDEX IF NOT EXISTS "products_platform_search_count_idx" ON "products" USING btree ("platform","search_text","status");--> statement-breakpoint
-- Replaced by traceabilities_search_idx (migration 0023, lot and public code): nothing searches lot_code alone.
DROP INDEX IF EXISTS "traceabilities_lot_search_idx";
