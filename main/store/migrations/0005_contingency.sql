-- Contingency events (significant events) and the packages that carry offline invoices to SIAT.
-- Every recovery step is persisted before and after it runs, so a crash resumes where it stopped.
CREATE TABLE contingency_events (
  id                 TEXT PRIMARY KEY,           -- UUID
  tenant_id          TEXT NOT NULL REFERENCES tenants(id),
  pos_id             TEXT NOT NULL REFERENCES points_of_sale(id),
  codigo_motivo      INTEGER NOT NULL,           -- SIAT codigoMotivoEvento (catalog, 1–7)
  descripcion        TEXT NOT NULL,
  manual             INTEGER NOT NULL DEFAULT 0,
  fecha_inicio       TEXT NOT NULL,              -- SIAT clock, Bolivia time yyyy-MM-ddTHH:mm:ss.SSS
  fecha_fin          TEXT,
  cufd_evento        TEXT NOT NULL,              -- the CUFD in force when the event began
  cufd_registro      TEXT,                       -- the new CUFD used to register it and send packages
  codigo_evento_siat INTEGER,                    -- codigoRecepcionEventoSignificativo
  -- ACTIVE: selling offline; RECOVERING: registering/sending; CLOSED: all sent and resolved.
  state              TEXT NOT NULL CHECK (state IN ('ACTIVE', 'RECOVERING', 'CLOSED')),
  step               TEXT,                       -- last persisted recovery step
  last_error         TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL
);
-- One ACTIVE event per point of sale; older ones may still be RECOVERING (sending packages).
CREATE UNIQUE INDEX contingency_one_active_per_pos ON contingency_events (pos_id) WHERE state = 'ACTIVE';
CREATE INDEX contingency_events_tenant ON contingency_events (tenant_id, fecha_inicio);

CREATE TABLE contingency_packages (
  id               TEXT PRIMARY KEY,
  event_id         TEXT NOT NULL REFERENCES contingency_events(id),
  tenant_id        TEXT NOT NULL REFERENCES tenants(id),
  seq              INTEGER NOT NULL,
  cufd_evento      TEXT NOT NULL,
  invoice_ids      TEXT NOT NULL,                -- JSON array, in file order (numeroArchivo)
  invoice_count    INTEGER NOT NULL,
  archive          BLOB NOT NULL,                -- tar.gz exactly as sent
  hash             TEXT NOT NULL,
  -- BUILT → SENT (codigo_recepcion known) → VALIDATED (908) | OBSERVED (904) | REJECTED (902…)
  state            TEXT NOT NULL CHECK (state IN ('BUILT', 'SENT', 'VALIDATED', 'OBSERVED', 'REJECTED')),
  codigo_recepcion TEXT,
  siat_code        INTEGER,
  siat_messages    TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  UNIQUE (event_id, seq)
);

CREATE INDEX contingency_packages_state ON contingency_packages (event_id, state);
-- The recovery reads an event's invoices (reconcile, packaging, progress) by event and package.
CREATE INDEX invoices_event ON invoices (event_id, state) WHERE event_id IS NOT NULL;
CREATE INDEX invoices_package ON invoices (package_id) WHERE package_id IS NOT NULL;

CREATE TRIGGER contingency_events_no_delete BEFORE DELETE ON contingency_events
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;
CREATE TRIGGER contingency_packages_no_delete BEFORE DELETE ON contingency_packages
BEGIN
  SELECT RAISE(ABORT, 'fiscal rows are never deleted');
END;
