-- kipu:rebuilds-table
-- A purchase's shoppingInvoiceId (seed 001; column `seq`) is numbered per tenant, not per
-- installation (docs/decisions/0044-purchase-numbers-per-tenant.md). Numbered per installation, a
-- tenant could read from its own numbers how many purchases the other tenants of the engine had
-- registered. SQLite cannot change a column's UNIQUE, so `purchases` is rebuilt: the same
-- columns in the same order, UNIQUE (tenant_id, seq) instead of UNIQUE (seq), every row copied
-- with the number it had (integrators already hold those), its indexes and trigger recreated.
-- Each tenant's next number is its own highest plus one (store/purchases.ts). Nothing references
-- purchases (packages list their purchases as JSON, no trigger of another table names it); its
-- own links (tenants, purchase_packages) are checked by the runner before the commit.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE purchases_rebuilt (
  id                  TEXT PRIMARY KEY,        -- UUID
  seq                 INTEGER NOT NULL,        -- shoppingInvoiceId (seed 001): per tenant, from 1
  tenant_id           TEXT NOT NULL REFERENCES tenants(id),
  gestion             INTEGER NOT NULL,
  periodo             INTEGER NOT NULL,
  nro                 INTEGER NOT NULL,
  nit_emisor          TEXT NOT NULL,
  razon_social_emisor TEXT NOT NULL,
  codigo_autorizacion TEXT NOT NULL,
  numero_factura      TEXT NOT NULL,
  numero_dui_dim      TEXT NOT NULL,
  fecha_emision       TEXT NOT NULL,
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
  codigo_control      TEXT NOT NULL,
  source              TEXT NOT NULL CHECK (source IN ('MANUAL', 'QR', 'IMPORT', 'SIAT')),
  xml                 TEXT NOT NULL,
  state               TEXT NOT NULL CHECK (state IN ('READY', 'SENT', 'ACCEPTED', 'REJECTED', 'DELETED')),
  confirmed           INTEGER NOT NULL DEFAULT 0,
  package_id          TEXT REFERENCES purchase_packages(id),
  siat_code           INTEGER,
  siat_description    TEXT,
  siat_reception_code TEXT,
  siat_messages       TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  -- Also the index behind `MAX(seq) WHERE tenant_id = ?` and the lookup by shoppingInvoiceId.
  UNIQUE (tenant_id, seq),
  UNIQUE (tenant_id, nit_emisor, codigo_autorizacion, numero_factura, numero_dui_dim)
);

INSERT INTO purchases_rebuilt (
  id, seq, tenant_id, gestion, periodo, nro, nit_emisor, razon_social_emisor, codigo_autorizacion, numero_factura, numero_dui_dim,
  fecha_emision, monto_total, importe_ice, importe_iehd, importe_ipj, tasas, otro_no_sujeto, importes_exentos, importe_tasa_cero,
  subtotal, descuento, gift_card, base_cf, credito_fiscal, tipo_compra, codigo_control, source, xml, state, confirmed, package_id,
  siat_code, siat_description, siat_reception_code, siat_messages, created_at, updated_at)
SELECT
  id, seq, tenant_id, gestion, periodo, nro, nit_emisor, razon_social_emisor, codigo_autorizacion, numero_factura, numero_dui_dim,
  fecha_emision, monto_total, importe_ice, importe_iehd, importe_ipj, tasas, otro_no_sujeto, importes_exentos, importe_tasa_cero,
  subtotal, descuento, gift_card, base_cf, credito_fiscal, tipo_compra, codigo_control, source, xml, state, confirmed, package_id,
  siat_code, siat_description, siat_reception_code, siat_messages, created_at, updated_at
FROM purchases;
DROP TABLE purchases;
ALTER TABLE purchases_rebuilt RENAME TO purchases;

CREATE INDEX purchases_period ON purchases (tenant_id, gestion, periodo, nro);
CREATE INDEX purchases_state ON purchases (tenant_id, state);

CREATE TRIGGER purchases_never_deleted BEFORE DELETE ON purchases
BEGIN
  SELECT RAISE(ABORT, 'purchases are fiscal rows: never deleted');
END;
