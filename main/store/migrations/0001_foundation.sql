-- Foundation: taxpayers (tenants), API keys, settings, branches and points of sale.
-- Append-only: once landed this file is never edited; changes go in a new migration.

CREATE TABLE tenants (
  id             TEXT PRIMARY KEY,              -- UUID
  nit            TEXT NOT NULL UNIQUE,          -- taxpayer NIT (digits, kept as text)
  razon_social   TEXT NOT NULL,
  municipio      TEXT NOT NULL DEFAULT '',
  direccion      TEXT NOT NULL DEFAULT '',
  telefono       TEXT,
  codigo_sistema TEXT,                          -- SIAT codigoSistema of this installation
  ambiente       INTEGER NOT NULL DEFAULT 2 CHECK (ambiente IN (1, 2)),
  modalidad      INTEGER NOT NULL DEFAULT 2 CHECK (modalidad IN (1, 2)),
  training       INTEGER NOT NULL DEFAULT 0 CHECK (training IN (0, 1)),
  created_at     TEXT NOT NULL
);

-- Only a hash and a short public prefix of each key are stored; the key itself is shown once.
CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  tenant_id    TEXT NOT NULL REFERENCES tenants(id),
  name         TEXT NOT NULL,
  prefix       TEXT NOT NULL UNIQUE,
  hash         TEXT NOT NULL,                   -- hex SHA-256 of the whole key
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT
);
CREATE INDEX api_keys_tenant ON api_keys (tenant_id);

-- Installation-wide settings use tenant_id = ''.
CREATE TABLE settings (
  tenant_id  TEXT NOT NULL DEFAULT '',
  key        TEXT NOT NULL,
  value      TEXT NOT NULL,                     -- JSON
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, key)
);

CREATE TABLE branches (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id       TEXT NOT NULL REFERENCES tenants(id),
  codigo_sucursal INTEGER NOT NULL CHECK (codigo_sucursal BETWEEN 0 AND 9999),
  name            TEXT NOT NULL,
  municipality    TEXT NOT NULL DEFAULT '',
  address         TEXT NOT NULL DEFAULT '',
  city            TEXT NOT NULL DEFAULT '',
  phone           TEXT NOT NULL DEFAULT '',
  description     TEXT NOT NULL DEFAULT '',
  created_at      TEXT NOT NULL,
  closed_at       TEXT,
  UNIQUE (tenant_id, codigo_sucursal)
);

CREATE TABLE points_of_sale (
  id         TEXT PRIMARY KEY,                  -- UUID (API-key style of the seeds)
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  branch_id  INTEGER NOT NULL REFERENCES branches(id),
  code       INTEGER NOT NULL CHECK (code BETWEEN 0 AND 9999), -- SIAT codigoPuntoVenta
  name       TEXT NOT NULL,
  tipo       INTEGER,                           -- SIAT codigoTipoPuntoVenta
  created_at TEXT NOT NULL,
  closed_at  TEXT,
  UNIQUE (branch_id, code)
);
CREATE INDEX points_of_sale_tenant ON points_of_sale (tenant_id);
