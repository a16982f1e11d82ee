-- Search suggestions: model names written with hyphens, dots or spaces ("Scorpio-N", "CX-5",
-- "Q6 e-tron", "i20 N") are also found typed without them ("scorpion", "cx5", "q6 etron", "i20n").
-- search_vector gets, besides the words of search_text, every run of two or more adjacent words
-- of the brand name and of the model name written together: "q6 e tron" adds q6e, q6etron and
-- etron; "mercedes benz" adds mercedesbenz. The typo correction of suggestions.ts reads these
-- words too, so "scopion" is one letter from "scorpion".
CREATE OR REPLACE FUNCTION search_compact_runs(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(array_to_string(w.words[i:j], ''), ' ' ORDER BY i, j), '')
    FROM (SELECT string_to_array(nullif(value, ''), ' ') AS words) w,
         generate_series(1, coalesce(array_length(w.words, 1), 0)) i,
         generate_series(i + 1, coalesce(array_length(w.words, 1), 0)) j
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION models_search_text_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  brand_text text := search_normalise(coalesce((SELECT b.name FROM brands b WHERE b.id = NEW.brand_id), ''));
BEGIN
  NEW.search_name := search_normalise(NEW.name);
  NEW.search_text := btrim(brand_text || ' ' || NEW.search_name);
  NEW.search_vector := to_tsvector('simple'::regconfig,
    NEW.search_text || ' ' || search_compact_runs(brand_text) || ' ' || search_compact_runs(NEW.search_name));
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE models SET name = name;
