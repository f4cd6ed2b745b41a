-- kipu:rebuilds-table
-- Manual invoices under CAFC (issue 17; CONTRACT §5.3): paper invoices written from a CAFC
-- booklet during events 5–7, transcribed afterwards with the booklet's own numbers. Those numbers
-- are not the till's: booklet N° 1 and the till's invoice N° 1 are two documents. So the number
-- is unique per (point of sale, sector) among the till's own invoices, and per (point of sale,
-- sector, CAFC) among transcribed ones. SQLite cannot drop a table constraint, so `invoices` is
-- rebuilt: same columns in the same order, plus `cafc`, with every row copied, its indexes and
-- triggers recreated (docs/decisions/0032-cafc-manual-invoices.md). Rows are copied, never lost;
-- the children (aliases, transitions, payments) keep pointing at the same ids: the runner turns
-- foreign keys off for this file (first line) and checks every reference before the commit.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE invoices_rebuilt (
  id                  TEXT PRIMARY KEY,
  tenant_id           TEXT NOT NULL REFERENCES tenants(id),
  pos_id              TEXT NOT NULL REFERENCES points_of_sale(id),
  branch_code         INTEGER NOT NULL,
  pos_code            INTEGER NOT NULL,
  invoice_type        TEXT NOT NULL,
  sector              INTEGER NOT NULL,
  modalidad           INTEGER NOT NULL,
  tipo_factura        INTEGER NOT NULL,
  codigo_emision      INTEGER NOT NULL,
  number              INTEGER NOT NULL,
  cuf                 TEXT NOT NULL UNIQUE,
  cufd                TEXT NOT NULL,
  fecha_emision       TEXT NOT NULL,
  client_doc_type     INTEGER NOT NULL,
  client_doc_number   TEXT NOT NULL,
  client_complement   TEXT,
  client_name         TEXT NOT NULL,
  client_code         TEXT NOT NULL,
  client_email        TEXT,
  payment_method      INTEGER NOT NULL,
  card_number         TEXT,
  currency            INTEGER NOT NULL,
  exchange_rate       INTEGER NOT NULL,
  subtotal            INTEGER NOT NULL,
  additional_discount INTEGER NOT NULL,
  gift_card           INTEGER NOT NULL,
  total               INTEGER NOT NULL,
  total_subject_iva   INTEGER NOT NULL,
  total_currency      INTEGER NOT NULL,
  exception_code      INTEGER,
  literal             TEXT NOT NULL,
  leyenda             TEXT NOT NULL,
  usuario             TEXT NOT NULL,
  details             TEXT NOT NULL,
  xml                 TEXT NOT NULL,
  hash                TEXT NOT NULL,
  idempotency_key     TEXT,
  request_hash        TEXT,
  state               TEXT NOT NULL CHECK (state IN ('PENDING', 'VALIDATED', 'REJECTED', 'CANCELLED', 'CONTINGENCY')),
  siat_code           INTEGER,
  siat_description    TEXT,
  siat_reception_code TEXT,
  siat_messages       TEXT,
  needs_reconcile     INTEGER NOT NULL DEFAULT 0,
  event_id            TEXT,
  package_id          TEXT,
  last_checked        TEXT,
  cancellation_reason INTEGER,
  cancellation_date   TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  sector_data         TEXT,
  original_invoice_id TEXT REFERENCES invoices(id),
  cafc                TEXT                       -- CAFC of a transcribed manual invoice; NULL for the till's own
);

INSERT INTO invoices_rebuilt SELECT *, NULL FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_rebuilt RENAME TO invoices;

CREATE UNIQUE INDEX invoices_number ON invoices (pos_id, sector, number) WHERE cafc IS NULL;
CREATE UNIQUE INDEX invoices_cafc_number ON invoices (pos_id, sector, cafc, number) WHERE cafc IS NOT NULL;
CREATE UNIQUE INDEX invoices_idempotency ON invoices (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX invoices_tenant_created ON invoices (tenant_id, created_at DESC, number DESC);
CREATE INDEX invoices_state ON invoices (tenant_id, pos_id, state);
CREATE INDEX invoices_event ON invoices (event_id, state) WHERE event_id IS NOT NULL;
CREATE INDEX invoices_package ON invoices (package_id) WHERE package_id IS NOT NULL;
CREATE INDEX invoices_original ON invoices(original_invoice_id) WHERE original_invoice_id IS NOT NULL;

CREATE TRIGGER invoices_no_delete BEFORE DELETE ON invoices
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;

CREATE TRIGGER invoices_immutable BEFORE UPDATE OF
  tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, number,
  fecha_emision, client_doc_type, client_doc_number, client_complement, client_name, client_code,
  payment_method, card_number, currency, exchange_rate, subtotal, additional_discount, gift_card,
  total, total_subject_iva, total_currency, literal, details, created_at, cafc
ON invoices
BEGIN
  SELECT RAISE(ABORT, 'issued invoices are immutable');
END;

CREATE TRIGGER invoices_reissue_offline_only BEFORE UPDATE OF cuf, cufd, xml, hash, codigo_emision, exception_code ON invoices
WHEN NOT (OLD.state = 'PENDING' AND NEW.codigo_emision = 2)
BEGIN
  SELECT RAISE(ABORT, 'only a pending invoice may be re-issued offline');
END;

-- One significant event per CAFC (CONTRACT §5.3): the package carries it.
ALTER TABLE contingency_events ADD COLUMN cafc TEXT;
