-- Massive emission (issue #12; CONTRACT §2.4 recepcionMasivaFactura, §3.6): a batch of up to
-- 10,000 invoices received in one request, issued with codigoEmision 3 and sent to SIAT in
-- packages of at most 1,000. Every step is persisted before the next one runs, so a crash or a
-- restart resumes where it stopped: the batch and its items are stored first, then each item's
-- invoice (numbered like a single sale), then the packages (stored exactly as sent), then SIAT's
-- verdicts. Fiscal rows: never deleted.
-- Append-only: once landed this file is never edited; changes go in a new migration.

CREATE TABLE invoice_batches (
  id              TEXT PRIMARY KEY,             -- UUID
  tenant_id       TEXT NOT NULL REFERENCES tenants(id),
  pos_id          TEXT NOT NULL REFERENCES points_of_sale(id),
  usuario         TEXT NOT NULL,                -- written in every invoice's <usuario>
  item_count      INTEGER NOT NULL,             -- items in the request, accepted or not
  accepted_count  INTEGER NOT NULL,
  idempotency_key TEXT,
  request_hash    TEXT,
  -- ISSUING: invoices being numbered and sealed; SENDING: packages to SIAT; VALIDATING: polling;
  -- COMPLETED: every invoice VALIDATED or REJECTED.
  state           TEXT NOT NULL CHECK (state IN ('ISSUING', 'SENDING', 'VALIDATING', 'COMPLETED')),
  last_error      TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  completed_at    TEXT
);
CREATE UNIQUE INDEX invoice_batches_idempotency ON invoice_batches (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX invoice_batches_open ON invoice_batches (state) WHERE state <> 'COMPLETED';

CREATE TABLE invoice_batch_packages (
  id               TEXT PRIMARY KEY,
  batch_id         TEXT NOT NULL REFERENCES invoice_batches(id),
  tenant_id        TEXT NOT NULL REFERENCES tenants(id),
  seq              INTEGER NOT NULL,
  sector           INTEGER NOT NULL,            -- one sector and modality per package (§3.6)
  modalidad        INTEGER NOT NULL,
  tipo_factura     INTEGER NOT NULL,
  invoice_ids      TEXT NOT NULL,               -- JSON array, in file order (numeroArchivo)
  invoice_count    INTEGER NOT NULL,
  archive          BLOB NOT NULL,               -- tar.gz exactly as sent
  hash             TEXT NOT NULL,
  -- BUILT → SENT (codigo_recepcion known) → VALIDATED (908) | OBSERVED (904) | REJECTED (902…)
  state            TEXT NOT NULL CHECK (state IN ('BUILT', 'SENT', 'VALIDATED', 'OBSERVED', 'REJECTED')),
  codigo_recepcion TEXT,
  siat_code        INTEGER,
  siat_messages    TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  UNIQUE (batch_id, seq)
);
CREATE INDEX invoice_batch_packages_state ON invoice_batch_packages (batch_id, state);

-- The invoice ↔ batch link: one row per item of the request. An accepted item carries the
-- validated sale and the id its invoice gets (known from the 202 answer on); a refused one its
-- problems. package_id is set in the transaction that stores the package.
CREATE TABLE invoice_batch_items (
  batch_id     TEXT NOT NULL REFERENCES invoice_batches(id),
  item_index   INTEGER NOT NULL,
  invoice_type TEXT,
  sale         TEXT,                            -- JSON: the validated sale (accepted items)
  invoice_id   TEXT UNIQUE,                     -- the invoice's id once accepted (row created when issued)
  problems     TEXT,                            -- JSON [{field, rule, message}] (refused items)
  package_id   TEXT REFERENCES invoice_batch_packages(id),
  PRIMARY KEY (batch_id, item_index)
);
CREATE INDEX invoice_batch_items_package ON invoice_batch_items (batch_id, package_id);

CREATE TRIGGER invoice_batches_no_delete BEFORE DELETE ON invoice_batches
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;
CREATE TRIGGER invoice_batch_packages_no_delete BEFORE DELETE ON invoice_batch_packages
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;
CREATE TRIGGER invoice_batch_items_no_delete BEFORE DELETE ON invoice_batch_items
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;
