-- Search that ignores Vietnamese accents and case ("dak lak" finds "Đắk Lắk"): unaccent + pg_trgm,
-- both trusted contrib extensions of PostgreSQL and shipped by PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); this wrapper names the dictionary, so it
-- can be IMMUTABLE and used in expression indexes.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_name_search_idx ON products USING gin (lower(f_unaccent(name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS producers_name_search_idx ON producers USING gin (lower(f_unaccent(name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_search_idx ON users USING gin (lower(f_unaccent(name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS traceabilities_lot_search_idx ON traceabilities USING gin (lower(f_unaccent(lot_code)) gin_trgm_ops);
