-- Issue 29 (docs/decisions/0071-certify-resumable-steps.md): `npm run admin -- certify` runs the
-- SIN's Phase I tests on the pilot. Each run remembers every step it finished, one row per
-- (stage, point of sale, seq), written in the same transaction as the step's outcome, so a kill -9
-- resumes at the next seq: a step is never counted twice nor skipped. Emissions carry their seq in
-- the invoice's idempotency key, so a step SIAT registered but whose row never landed replays the
-- same invoice instead of issuing another.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE certification_runs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  started_at TEXT NOT NULL,
  scale INTEGER NOT NULL,
  options_json TEXT NOT NULL,
  finished_at TEXT,
  stopped_at TEXT,
  stopped_reason TEXT
);
CREATE INDEX certification_runs_tenant ON certification_runs (tenant_id, started_at);

CREATE TABLE certification_steps (
  run_id TEXT NOT NULL REFERENCES certification_runs(id),
  stage TEXT NOT NULL,
  pos_code INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  siat_code INTEGER,
  siat_text TEXT,
  -- What the step produced: a CUIS, a CUFD, a CUF, an invoice id, a catalog name.
  ref TEXT,
  invoice_id TEXT,
  at TEXT NOT NULL,
  PRIMARY KEY (run_id, stage, pos_code, seq)
);
