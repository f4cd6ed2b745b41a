-- The store's own products (not fiscal data: they may be edited and deactivated).
CREATE TABLE products (
  id                TEXT PRIMARY KEY,             -- UUID
  tenant_id         TEXT NOT NULL REFERENCES tenants(id),
  code              TEXT NOT NULL,                -- taxpayer's own code (codigoProducto)
  barcode           TEXT,
  description       TEXT NOT NULL,
  price_cents       INTEGER NOT NULL CHECK (price_cents > 0),
  unit_measure      INTEGER NOT NULL,             -- SIAT unidadMedida
  activity_economic TEXT NOT NULL,                -- SIAT actividadEconomica (CAEB)
  code_product_sin  TEXT NOT NULL,                -- SIAT codigoProductoSin
  active            INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (tenant_id, code)
);
CREATE UNIQUE INDEX products_barcode ON products (tenant_id, barcode) WHERE barcode IS NOT NULL;
-- Prefix search on description for the till's product search.
CREATE INDEX products_description ON products (tenant_id, description COLLATE NOCASE);
