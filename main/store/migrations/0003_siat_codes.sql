-- SIAT codes per point of sale (CUIS ~1 year, CUFD 24 h) with their whole history: contingency
-- needs the CUFD that was in force when an event began (DESIGN.md, SIAT).
CREATE TABLE cuis (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id      TEXT NOT NULL REFERENCES tenants(id),
  pos_id         TEXT NOT NULL REFERENCES points_of_sale(id),
  codigo         TEXT NOT NULL,
  fecha_vigencia TEXT NOT NULL,                 -- ISO 8601 UTC
  obtained_at    TEXT NOT NULL
);
CREATE INDEX cuis_pos ON cuis (tenant_id, pos_id, id);

CREATE TABLE cufds (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id      TEXT NOT NULL REFERENCES tenants(id),
  pos_id         TEXT NOT NULL REFERENCES points_of_sale(id),
  cuis           TEXT NOT NULL,
  codigo         TEXT NOT NULL,
  codigo_control TEXT NOT NULL,
  direccion      TEXT NOT NULL,
  fecha_vigencia TEXT NOT NULL,                 -- ISO 8601 UTC
  obtained_at    TEXT NOT NULL
);
CREATE INDEX cufds_pos ON cufds (tenant_id, pos_id, id);
CREATE INDEX cufds_codigo ON cufds (codigo);

-- Synchronized catalogs (reference data, replaced on each sync), per taxpayer.
CREATE TABLE catalog_items (
  tenant_id   TEXT NOT NULL REFERENCES tenants(id),
  catalog     TEXT NOT NULL,                    -- SIAT sincronizar* operation name
  seq         INTEGER NOT NULL,                 -- position in SIAT's answer
  codigo      TEXT NOT NULL,
  descripcion TEXT NOT NULL,
  actividad   TEXT,                             -- codigoActividad for activity-scoped lists
  extra       TEXT,                             -- JSON of the remaining fields
  PRIMARY KEY (tenant_id, catalog, seq)
);
CREATE INDEX catalog_items_code ON catalog_items (tenant_id, catalog, codigo);
CREATE INDEX catalog_items_activity ON catalog_items (tenant_id, catalog, actividad);

CREATE TABLE catalog_syncs (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  catalog   TEXT NOT NULL,
  synced_at TEXT NOT NULL,
  count     INTEGER NOT NULL,
  pos_id    TEXT,
  PRIMARY KEY (tenant_id, catalog)
);
