-- The till never waits for SIAT (issue #13). SIAT's verdict on a NIT (verificarNit) is kept with
-- its date so a sale to that NIT does not ask again for a day, and the till's clients are kept
-- so that the cashier is offered them by NIT or name while typing. Both per tenant.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE nit_verdicts (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  nit TEXT NOT NULL,
  valid INTEGER NOT NULL,
  siat_code INTEGER NOT NULL,
  siat_message TEXT NOT NULL,
  checked_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, nit)
);

CREATE TABLE clients (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  doc_type INTEGER NOT NULL,
  doc_number TEXT NOT NULL,
  complement TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  code TEXT NOT NULL,
  email TEXT,
  last_used_at TEXT NOT NULL,
  uses INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tenant_id, doc_type, doc_number, complement)
);
CREATE INDEX clients_name ON clients(tenant_id, name COLLATE NOCASE);
