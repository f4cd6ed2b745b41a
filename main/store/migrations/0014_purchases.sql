-- The purchase register (SIAT ServicioRecepcionCompras, PURCHASES.md) and what SIAT answered.
-- Fiscal rows: never deleted. A purchase deleted in SIAT (anulacionCompra) keeps its row with
-- state DELETED and SIAT's answer verbatim (seed 001: 2217 ELIMINADO).

-- Packages sent to recepcionPaqueteCompras / confirmacionCompras: ≤ 500 XMLs each (tar, gzip,
-- SHA-256 of the gzip bytes). Persisted before they are sent, so a restart resumes the queue.
CREATE TABLE purchase_packages (
  id               TEXT PRIMARY KEY,           -- UUID
  tenant_id        TEXT NOT NULL REFERENCES tenants(id),
  kind             TEXT NOT NULL CHECK (kind IN ('RECEPCION', 'CONFIRMACION')),
  gestion          INTEGER NOT NULL,
  periodo          INTEGER NOT NULL,
  archive          BLOB NOT NULL,              -- tar.gz exactly as sent
  hash             TEXT NOT NULL,              -- hashArchivo
  purchase_count   INTEGER NOT NULL,
  purchase_ids     TEXT NOT NULL,              -- JSON [id …] in tar order (numeroArchivo)
  state            TEXT NOT NULL CHECK (state IN ('BUILT', 'SENT', 'DONE')),
  codigo_recepcion TEXT,
  siat_code        INTEGER,
  siat_description TEXT,
  siat_messages    TEXT,                       -- JSON mensajesList verbatim
  attempts         INTEGER NOT NULL DEFAULT 0,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
);
CREATE INDEX purchase_packages_state ON purchase_packages (tenant_id, state);

CREATE TABLE purchases (
  id                  TEXT PRIMARY KEY,        -- UUID
  seq                 INTEGER NOT NULL UNIQUE, -- shoppingInvoiceId (seed 001): per installation
  tenant_id           TEXT NOT NULL REFERENCES tenants(id),
  gestion             INTEGER NOT NULL,        -- year of fechaEmision (the register's period)
  periodo             INTEGER NOT NULL,        -- month 1..12
  nro                 INTEGER NOT NULL,        -- N° within the tenant's month (registroCompra nro)
  nit_emisor          TEXT NOT NULL,
  razon_social_emisor TEXT NOT NULL,
  codigo_autorizacion TEXT NOT NULL,
  numero_factura      TEXT NOT NULL,           -- up to 20 digits: text
  numero_dui_dim      TEXT NOT NULL,           -- '0' for invoices
  fecha_emision       TEXT NOT NULL,           -- yyyy-MM-ddTHH:mm:ss.SSS, Bolivia time
  -- Amounts in cents (hundredths of a boliviano).
  monto_total         INTEGER NOT NULL,
  importe_ice         INTEGER NOT NULL,
  importe_iehd        INTEGER NOT NULL,
  importe_ipj         INTEGER NOT NULL,
  tasas               INTEGER NOT NULL,
  otro_no_sujeto      INTEGER NOT NULL,
  importes_exentos    INTEGER NOT NULL,
  importe_tasa_cero   INTEGER NOT NULL,
  subtotal            INTEGER NOT NULL,
  descuento           INTEGER NOT NULL,
  gift_card           INTEGER NOT NULL,
  base_cf             INTEGER NOT NULL,
  credito_fiscal      INTEGER NOT NULL,
  tipo_compra         INTEGER NOT NULL,
  codigo_control      TEXT NOT NULL,           -- '0' when none
  source              TEXT NOT NULL CHECK (source IN ('MANUAL', 'QR', 'IMPORT', 'SIAT')),
  xml                 TEXT NOT NULL,           -- registroCompra as validated against the XSD
  -- State fields: the only ones that change after registering.
  state               TEXT NOT NULL CHECK (state IN ('READY', 'SENT', 'ACCEPTED', 'REJECTED', 'DELETED')),
  confirmed           INTEGER NOT NULL DEFAULT 0,
  package_id          TEXT REFERENCES purchase_packages(id),
  siat_code           INTEGER,
  siat_description    TEXT,
  siat_reception_code TEXT,
  siat_messages       TEXT,                    -- JSON verbatim
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  -- Issue 14: the same supplier, authorization code and number is one purchase.
  UNIQUE (tenant_id, nit_emisor, codigo_autorizacion, numero_factura, numero_dui_dim)
);
CREATE INDEX purchases_period ON purchases (tenant_id, gestion, periodo, nro);
CREATE INDEX purchases_state ON purchases (tenant_id, state);

CREATE TRIGGER purchases_never_deleted BEFORE DELETE ON purchases
BEGIN
  SELECT RAISE(ABORT, 'purchases are fiscal rows: never deleted');
END;

-- consultaCompras answers: the archivo exactly as received (its format is undocumented,
-- docs/decisions/0022) and what could be read from it.
CREATE TABLE purchase_queries (
  id          TEXT PRIMARY KEY,
  tenant_id   TEXT NOT NULL REFERENCES tenants(id),
  fecha       TEXT NOT NULL,                   -- the fecha sent
  archivo     BLOB,                            -- decoded from base64, verbatim; NULL when absent
  format      TEXT NOT NULL,                   -- what the bytes looked like (gzip+tar+xml, csv …)
  parsed      TEXT NOT NULL,                   -- JSON [{nitEmisor, codigoAutorizacion, …}]
  messages    TEXT NOT NULL,                   -- JSON mensajesList verbatim
  received_at TEXT NOT NULL
);
CREATE INDEX purchase_queries_tenant ON purchase_queries (tenant_id, received_at);
