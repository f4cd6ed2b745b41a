-- Kipu Central: a till's credentials get a history, so one can be revoked and another issued for the
-- same till (docs/decisions/0045), and the invoice search by number gets an index.

-- Every credential a till was ever given. Nothing here is deleted: a revoked credential keeps its
-- row with when, by whom and why, and a push that still presents it is told it was revoked. At most
-- one credential of a till is in force; the token stays `kct_<till id>_<secret>`, so the credentials
-- issued before this migration keep working.
CREATE TABLE till_credentials (
  id             uuid PRIMARY KEY,
  tenant_id      uuid NOT NULL REFERENCES tenants(id),
  till_id        uuid NOT NULL REFERENCES tills(id),
  secret_hash    text NOT NULL,                    -- SHA-256 of the secret, as tills.secret_hash was
  issued_at      timestamptz NOT NULL DEFAULT now(),
  issued_by      text NOT NULL,                    -- who, as it read then: an owner key's name, or the CLI and its OS user
  issued_by_key  uuid REFERENCES owner_keys(id),   -- the owner key that issued it; NULL = the CLI
  revoked_at     timestamptz,
  revoked_by     text,
  revoked_by_key uuid REFERENCES owner_keys(id),
  revoked_reason text,
  CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
);
CREATE INDEX till_credentials_till ON till_credentials (tenant_id, till_id);
CREATE UNIQUE INDEX till_credentials_in_force ON till_credentials (tenant_id, till_id) WHERE revoked_at IS NULL;

-- The credential each till has today (the CLI's `till add` was the only way to make one); a till
-- someone marked revoked by hand stays revoked.
INSERT INTO till_credentials (id, tenant_id, till_id, secret_hash, issued_at, issued_by, revoked_at, revoked_by)
SELECT gen_random_uuid(), tenant_id, id, secret_hash, created_at, 'línea de comandos (antes de la migración 0003)',
       revoked_at, CASE WHEN revoked_at IS NOT NULL THEN 'a mano en la base (antes de la migración 0003)' END
FROM tills;
-- One source of truth: whether a till may push is whether it has a credential in force.
ALTER TABLE tills DROP COLUMN secret_hash, DROP COLUMN revoked_at;

-- Search by invoice number (GET /central/api/invoices?q=<digits>, docs/decisions/0042 and 0045):
-- `number = N OR client_doc_number LIKE 'N%' OR cuf LIKE 'N%'`. With invoices_client_doc and
-- invoices_cuf already there, this index lets the planner answer the OR as a BitmapOr of three index
-- scans; without it the `number = N` arm forces reading every invoice of the tenant.
CREATE INDEX invoices_number ON invoices (tenant_id, number);
