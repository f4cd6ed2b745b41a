-- Kipu Central's schema (issue 15) on PostgreSQL. Append-only like the till's migrations: once
-- landed this file is never edited; changes go in a new numbered file.
-- Every table of tenant data is keyed by tenant first (DESIGN.md "Growth": it shards by tenant).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE tenants (
  id                 uuid PRIMARY KEY,
  nit                text NOT NULL UNIQUE,
  name               text NOT NULL,
  -- Whether a till may keep a price it set itself over Central's (docs/decisions/0031).
  allow_local_prices boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- A store is a SIAT branch (codigoSucursal) of the taxpayer; its name comes from the tills.
CREATE TABLE stores (
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  branch_code integer NOT NULL,
  name        text NOT NULL,
  PRIMARY KEY (tenant_id, branch_code)
);

-- A till (one engine installation) and its credential: only the SHA-256 of the secret is kept.
CREATE TABLE tills (
  id           uuid PRIMARY KEY,
  tenant_id    uuid NOT NULL REFERENCES tenants(id),
  name         text NOT NULL,
  branch_code  integer,                       -- the store whose catalog it receives; NULL = chain-wide only
  secret_hash  text NOT NULL,
  acked_seq    bigint NOT NULL DEFAULT 0,     -- the till's outbox cursor Central has committed
  last_contact timestamptz,
  report       jsonb,                         -- what the till said of itself on its last push
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);
CREATE INDEX tills_tenant ON tills (tenant_id);

-- The owner's keys for the dashboard API.
CREATE TABLE owner_keys (
  id          uuid PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  name        text NOT NULL,
  secret_hash text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX owner_keys_tenant ON owner_keys (tenant_id);

-- Replicas, keyed by (tenant, till, the till's id). `seq` = the till's outbox seq of the state
-- held: an upsert never replaces a newer state with an older one.
CREATE TABLE points_of_sale (
  tenant_id       uuid NOT NULL REFERENCES tenants(id),
  till_id         uuid NOT NULL REFERENCES tills(id),
  id              text NOT NULL,
  branch_code     integer NOT NULL,
  code            integer NOT NULL,
  name            text NOT NULL,
  closed_at       text,
  cufd_expires_at timestamptz,
  seq             bigint NOT NULL,
  PRIMARY KEY (tenant_id, till_id, id)
);

CREATE TABLE contingency_events (
  tenant_id          uuid NOT NULL REFERENCES tenants(id),
  till_id            uuid NOT NULL REFERENCES tills(id),
  id                 text NOT NULL,
  pos_id             text NOT NULL,
  codigo_motivo      integer NOT NULL,
  descripcion        text NOT NULL,
  state              text NOT NULL,
  fecha_inicio       text NOT NULL,
  fecha_fin          text,
  codigo_evento_siat integer,
  seq                bigint NOT NULL,
  PRIMARY KEY (tenant_id, till_id, id)
);
CREATE INDEX contingency_events_active ON contingency_events (tenant_id, till_id, pos_id) WHERE state = 'ACTIVE';

CREATE TABLE cash_sessions (
  tenant_id     uuid NOT NULL REFERENCES tenants(id),
  till_id       uuid NOT NULL REFERENCES tills(id),
  id            text NOT NULL,
  pos_id        text NOT NULL,
  number        integer NOT NULL,
  state         text NOT NULL,
  opened_at     text NOT NULL,
  opened_by     text NOT NULL,
  opening_float bigint NOT NULL,
  closed_at     text,
  closed_by     text,
  close_data    jsonb,
  seq           bigint NOT NULL,
  PRIMARY KEY (tenant_id, till_id, id)
);

-- Invoices, credit-debit notes and their cancellations (a cancellation is the invoice's state).
CREATE TABLE invoices (
  tenant_id           uuid NOT NULL REFERENCES tenants(id),
  till_id             uuid NOT NULL REFERENCES tills(id),
  id                  text NOT NULL,
  pos_id              text NOT NULL,
  branch_code         integer NOT NULL,
  pos_code            integer NOT NULL,
  invoice_type        text NOT NULL,
  sector              integer NOT NULL,
  codigo_emision      smallint NOT NULL,
  number              bigint NOT NULL,
  cuf                 text NOT NULL,
  cufd                text NOT NULL,
  fecha_emision       text NOT NULL,             -- SIAT's text, Bolivia time
  issued_at           timestamp NOT NULL,        -- the same, typed (Bolivia local time)
  issued_on           date NOT NULL,             -- its day in Bolivia: the dashboard's "today"
  client_doc_number   text NOT NULL,
  client_name         text NOT NULL,
  currency            integer NOT NULL,
  total_cents         bigint NOT NULL,
  state               text NOT NULL,
  siat_code           integer,
  siat_description    text,
  siat_messages       jsonb NOT NULL DEFAULT '[]',
  needs_reconcile     boolean NOT NULL DEFAULT false,
  event_id            text,
  original_invoice_id text,
  cancellation_reason integer,
  cancellation_date   text,
  xml                 text NOT NULL,             -- exactly as the till sent it to SIAT
  record              jsonb NOT NULL,            -- the rest of the till's record (the PDF's material)
  created_at          text NOT NULL,
  updated_at          text NOT NULL,
  seq                 bigint NOT NULL,
  received_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, till_id, id)
);
-- Waiting for SIAT, per point of sale (the till's queue as the owner sees it).
CREATE INDEX invoices_waiting ON invoices (tenant_id, till_id, pos_id)
  WHERE state = 'CONTINGENCY' OR (state = 'PENDING' AND needs_reconcile);
-- Search: newest first, by CUF, by client document, by client name.
CREATE INDEX invoices_recent ON invoices (tenant_id, issued_at DESC);
CREATE INDEX invoices_cuf ON invoices (tenant_id, cuf text_pattern_ops);
CREATE INDEX invoices_client_doc ON invoices (tenant_id, client_doc_number text_pattern_ops);
CREATE INDEX invoices_client_name ON invoices USING gin (client_name gin_trgm_ops);

-- Sales per day, till and store, kept by statement triggers on invoices: the dashboard's sums read
-- a few rows per day instead of every invoice of the day. A sale = issued, not refused or
-- cancelled, and not a credit-debit note (sector 24); a state change moves the sums.
CREATE TABLE sales_daily (
  tenant_id   uuid NOT NULL REFERENCES tenants(id),
  till_id     uuid NOT NULL REFERENCES tills(id),
  issued_on   date NOT NULL,
  branch_code integer NOT NULL,
  invoices    bigint NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (tenant_id, issued_on, till_id, branch_code)
);

CREATE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily (tenant_id, till_id, issued_on, branch_code, invoices, total_cents)
    SELECT tenant_id, till_id, issued_on, branch_code, COUNT(*), SUM(total_cents) FROM new_rows
    WHERE state NOT IN ('REJECTED', 'CANCELLED') AND sector <> 24
    GROUP BY tenant_id, till_id, issued_on, branch_code
    ON CONFLICT (tenant_id, issued_on, till_id, branch_code) DO UPDATE
      SET invoices = sales_daily.invoices + excluded.invoices, total_cents = sales_daily.total_cents + excluded.total_cents;
  ELSE
    INSERT INTO sales_daily (tenant_id, till_id, issued_on, branch_code, invoices, total_cents)
    SELECT tenant_id, till_id, issued_on, branch_code, SUM(n), SUM(t) FROM (
      SELECT tenant_id, till_id, issued_on, branch_code, 1 AS n, total_cents AS t FROM new_rows
       WHERE state NOT IN ('REJECTED', 'CANCELLED') AND sector <> 24
      UNION ALL
      SELECT tenant_id, till_id, issued_on, branch_code, -1, -total_cents FROM old_rows
       WHERE state NOT IN ('REJECTED', 'CANCELLED') AND sector <> 24) d
    GROUP BY tenant_id, till_id, issued_on, branch_code
    HAVING SUM(n) <> 0 OR SUM(t) <> 0
    ON CONFLICT (tenant_id, issued_on, till_id, branch_code) DO UPDATE
      SET invoices = sales_daily.invoices + excluded.invoices, total_cents = sales_daily.total_cents + excluded.total_cents;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sales_daily_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
CREATE TRIGGER sales_daily_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();

-- The chain's catalog. `version` comes from one sequence, so "what changed after V" is one range.
CREATE SEQUENCE catalog_version_seq;
CREATE TABLE products (
  tenant_id         uuid NOT NULL REFERENCES tenants(id),
  id                uuid NOT NULL,
  branch_code       integer,                     -- NULL = every store of the chain
  code              text NOT NULL,
  barcode           text,
  description       text NOT NULL,
  price_cents       bigint NOT NULL CHECK (price_cents > 0),
  unit_measure      integer NOT NULL,
  activity_economic text NOT NULL,
  code_product_sin  text NOT NULL,
  active            boolean NOT NULL DEFAULT true,
  version           bigint NOT NULL DEFAULT nextval('catalog_version_seq'),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX products_code ON products (tenant_id, COALESCE(branch_code, -1), code);
CREATE INDEX products_version ON products (tenant_id, version);
