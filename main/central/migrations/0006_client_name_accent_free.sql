-- Kipu Central: the chain's invoice search by client name ignores accents as well as case, as the
-- till's does (issue 24): "perez" finds "Juan Pérez". unaccent() is only STABLE (its dictionary
-- could change), and an index needs IMMUTABLE: kipu_fold names the dictionary explicitly, the
-- usual way to index it. The trigram index moves from client_name to kipu_fold(client_name); the
-- search (store/dashboard.ts) compares kipu_fold of both sides with LIKE.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE FUNCTION kipu_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

CREATE INDEX invoices_client_name_folded ON invoices USING gin (kipu_fold(client_name) gin_trgm_ops);
DROP INDEX invoices_client_name;
