-- Issued invoices. Fiscal rows: never deleted; once issued, only their state fields change
-- (DESIGN.md, Data). The signed XML is stored exactly as sent.

-- One counter per point of sale and document sector, incremented in the same BEGIN IMMEDIATE
-- transaction that inserts the invoice: no gaps, no duplicates.
CREATE TABLE invoice_counters (
  tenant_id   TEXT NOT NULL REFERENCES tenants(id),
  pos_id      TEXT NOT NULL REFERENCES points_of_sale(id),
  sector      INTEGER NOT NULL,
  last_number INTEGER NOT NULL,
  PRIMARY KEY (pos_id, sector)
);

CREATE TABLE invoices (
  id                  TEXT PRIMARY KEY,          -- UUID
  tenant_id           TEXT NOT NULL REFERENCES tenants(id),
  pos_id              TEXT NOT NULL REFERENCES points_of_sale(id),
  branch_code         INTEGER NOT NULL,
  pos_code            INTEGER NOT NULL,
  invoice_type        TEXT NOT NULL,             -- API name: ELECTRONIC_SALE, COMPUTERIZED_SALE …
  sector              INTEGER NOT NULL,          -- SIAT codigoDocumentoSector
  modalidad           INTEGER NOT NULL,          -- 1 electrónica, 2 computarizada
  tipo_factura        INTEGER NOT NULL,          -- SIAT tipoFacturaDocumento
  codigo_emision      INTEGER NOT NULL,          -- 1 en línea, 2 fuera de línea
  number              INTEGER NOT NULL,
  cuf                 TEXT NOT NULL UNIQUE,
  cufd                TEXT NOT NULL,
  fecha_emision       TEXT NOT NULL,             -- SIAT text, Bolivia time (the CUF's timestamp)
  client_doc_type     INTEGER NOT NULL,
  client_doc_number   TEXT NOT NULL,
  client_complement   TEXT,
  client_name         TEXT NOT NULL,
  client_code         TEXT NOT NULL,
  client_email        TEXT,
  payment_method      INTEGER NOT NULL,
  card_number         TEXT,                      -- masked as SIAT requires (first 4 + zeros + last 4)
  currency            INTEGER NOT NULL,
  exchange_rate       INTEGER NOT NULL,          -- hundredths
  subtotal            INTEGER NOT NULL,          -- cents: Σ line subtotals
  additional_discount INTEGER NOT NULL,
  gift_card           INTEGER NOT NULL,
  total               INTEGER NOT NULL,
  total_subject_iva   INTEGER NOT NULL,
  total_currency      INTEGER NOT NULL,
  exception_code      INTEGER,
  literal             TEXT NOT NULL,
  leyenda             TEXT NOT NULL,
  usuario             TEXT NOT NULL,
  details             TEXT NOT NULL,             -- JSON: lines as issued
  xml                 TEXT NOT NULL,             -- signed (electronic) or plain XML, exactly as sent
  hash                TEXT NOT NULL,             -- SHA-256 hex of the gzip bytes sent (hashArchivo)
  idempotency_key     TEXT,
  request_hash        TEXT,
  -- State fields: the only ones that change after issuing.
  state               TEXT NOT NULL CHECK (state IN ('PENDING', 'VALIDATED', 'REJECTED', 'CANCELLED', 'CONTINGENCY')),
  siat_code           INTEGER,
  siat_description    TEXT,
  siat_reception_code TEXT,
  siat_messages       TEXT,                      -- JSON [{codigo, descripcion, …}] verbatim
  needs_reconcile     INTEGER NOT NULL DEFAULT 0,-- online outcome unknown (time-out): check before resending
  event_id            TEXT,                      -- contingency event the offline invoice belongs to
  package_id          TEXT,
  last_checked        TEXT,
  cancellation_reason INTEGER,
  cancellation_date   TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  UNIQUE (pos_id, sector, number)
);
CREATE UNIQUE INDEX invoices_idempotency ON invoices (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX invoices_tenant_created ON invoices (tenant_id, created_at DESC, number DESC);
CREATE INDEX invoices_state ON invoices (tenant_id, pos_id, state);

-- Earlier CUFs of an invoice converted from online to offline after an unknown online outcome,
-- so a link already handed out still finds the invoice.
CREATE TABLE invoice_aliases (
  cuf        TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  created_at TEXT NOT NULL
);

-- Audit trail of every state change.
CREATE TABLE invoice_transitions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  at         TEXT NOT NULL,
  from_state TEXT,
  to_state   TEXT NOT NULL,
  detail     TEXT
);
CREATE INDEX invoice_transitions_invoice ON invoice_transitions (invoice_id);

CREATE TRIGGER invoices_no_delete BEFORE DELETE ON invoices
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;

-- Issued content is immutable. The one exception: an invoice whose online submission failed
-- (state PENDING) is re-issued offline with the same number (new CUF, codigo_emision 2).
CREATE TRIGGER invoices_immutable BEFORE UPDATE OF
  tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, number,
  fecha_emision, client_doc_type, client_doc_number, client_complement, client_name, client_code,
  payment_method, card_number, currency, exchange_rate, subtotal, additional_discount, gift_card,
  total, total_subject_iva, total_currency, literal, details, created_at
ON invoices
BEGIN
  SELECT RAISE(ABORT, 'issued invoices are immutable');
END;

CREATE TRIGGER invoices_reissue_offline_only BEFORE UPDATE OF cuf, cufd, xml, hash, codigo_emision, exception_code ON invoices
WHEN NOT (OLD.state = 'PENDING' AND NEW.codigo_emision = 2)
BEGIN
  SELECT RAISE(ABORT, 'only a pending invoice may be re-issued offline');
END;
