-- Third-party users (seed 001, docs/decisions/0013-third-party-users.md): a provider — an
-- integrator that invoices on behalf of other taxpayers — registers a third party, which becomes
-- a tenant of its own with its own API key. This table records who registered whom, so a
-- provider lists and reads only its own third parties.
-- Append-only: once landed this file is never edited; changes go in a new migration.

-- Only a provider may register third parties (admin CLI: tenant provider --nit <NIT> on|off).
ALTER TABLE tenants ADD COLUMN provider INTEGER NOT NULL DEFAULT 0 CHECK (provider IN (0, 1));

CREATE TABLE third_party_users (
  id                 TEXT PRIMARY KEY,                          -- UUID: the seed's userId
  provider_tenant_id TEXT NOT NULL REFERENCES tenants(id),      -- who registered it (scoping)
  tenant_id          TEXT NOT NULL UNIQUE REFERENCES tenants(id), -- the third party's own tenant
  api_key_id         TEXT NOT NULL UNIQUE REFERENCES api_keys(id), -- its key; the secret is never stored
  username           TEXT NOT NULL,                             -- as sent; also the key's name
  username_key       TEXT NOT NULL,                             -- trimmed, lower-cased: uniqueness
  name_owner         TEXT NOT NULL,
  phone              TEXT NOT NULL,
  email              TEXT NOT NULL,
  address            TEXT NOT NULL,
  city               TEXT NOT NULL,
  doc_sector         INTEGER NOT NULL,                          -- SIAT codigoDocumentoSector
  token_description  TEXT NOT NULL DEFAULT '',                  -- the token itself is in the secret store
  created_at         TEXT NOT NULL,
  UNIQUE (provider_tenant_id, username_key)
);
CREATE INDEX third_party_users_provider ON third_party_users (provider_tenant_id, created_at);
