-- Search suggestions (top-bar search field, api.php search_suggestion): full-text and trigram
-- indexes over a normalised "brand model" text kept on each model.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index or a
-- stored value computed by the planner. This wrapper names the dictionary explicitly and is
-- declared IMMUTABLE; it must give the same result as normaliseSearchText() in
-- app/features/search/suggestions.ts: no accents, lower case, every run of other characters one space.
CREATE OR REPLACE FUNCTION search_normalise(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
-- search_text: normalised "{brand name} {model name}"; search_name: the normalised model name;
-- search_vector: the words of search_text. Stored (not computed per query) and maintained by the
-- triggers below, so every writer (seed, importer, manual SQL) keeps them right without knowing.
ALTER TABLE "models" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION models_search_text_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_name := search_normalise(NEW.name);
  NEW.search_text := btrim(search_normalise(coalesce((SELECT b.name FROM brands b WHERE b.id = NEW.brand_id), '')) || ' ' || NEW.search_name);
  NEW.search_vector := to_tsvector('simple'::regconfig, NEW.search_text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER models_search_text_trg BEFORE INSERT OR UPDATE OF name, brand_id ON models
  FOR EACH ROW EXECUTE FUNCTION models_search_text_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION brands_search_text_cascade() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    -- Fires models_search_text_trg, which recomputes the three columns.
    UPDATE models SET name = models.name WHERE models.brand_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_text_trg AFTER UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION brands_search_text_cascade();
--> statement-breakpoint
UPDATE models SET name = name;
--> statement-breakpoint
-- The trigram index answers word similarity (<%) and prefix LIKE on the whole text; the full-text
-- index answers word and word-prefix queries.
CREATE INDEX "models_search_text_trgm_idx" ON "models" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "models_search_vector_idx" ON "models" USING gin ("search_vector");
