-- The used-car search index of each app instance refreshes by updated_at (decision 011). So that
-- every writer (the app, the seed, the ratings refresh, manual SQL) moves an ad's stamp when a
-- searchable field changes, without knowing: a writer that sets updated_at itself is left alone,
-- and the counters (views, contacts, phone reveals) do not move it.
CREATE OR REPLACE FUNCTION used_ads_touch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at AND (
       NEW.status, NEW.make_name, NEW.model_name, NEW.year, NEW.mileage_km, NEW.price_zar, NEW.fuel,
       NEW.transmission, NEW.body_type, NEW.drive, NEW.colour, NEW.province, NEW.city, NEW.seller_kind,
       NEW.photo_count, NEW.price_rating, NEW.published_at, NEW.title, NEW.variant, NEW.description
     ) IS DISTINCT FROM (
       OLD.status, OLD.make_name, OLD.model_name, OLD.year, OLD.mileage_km, OLD.price_zar, OLD.fuel,
       OLD.transmission, OLD.body_type, OLD.drive, OLD.colour, OLD.province, OLD.city, OLD.seller_kind,
       OLD.photo_count, OLD.price_rating, OLD.published_at, OLD.title, OLD.variant, OLD.description
     ) THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER used_ads_touch_trg BEFORE UPDATE ON used_ads
  FOR EACH ROW EXECUTE FUNCTION used_ads_touch();
