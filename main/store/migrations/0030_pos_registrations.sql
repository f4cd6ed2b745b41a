-- Each request to register a point of sale with SIAT (registroPuntoVenta), recorded before SIAT is
-- called (decision 0109). SIAT hands out a new codigoPuntoVenta for every call it gets, so a
-- registration whose answer never came (a time-out, a reset, the engine killed between SIAT's
-- answer and the commit) must not be sent again blindly: the next request for it (same
-- Idempotency-Key, or the same branch, name and type) asks SIAT's list first
-- (consultaPuntoVenta) and takes the point of sale SIAT made for it.
--   SENDING         written before the call; while it lasts with no call in flight, SIAT's
--                   answer is unknown
--   REGISTERED      pos_id is the point of sale SIAT registered for it
--   NOT_REGISTERED  SIAT said no, was never reached, or its list shows it made none
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE pos_registrations (
  id              TEXT PRIMARY KEY,                  -- UUID
  tenant_id       TEXT NOT NULL REFERENCES tenants(id),
  branch_id       INTEGER NOT NULL REFERENCES branches(id),
  idempotency_key TEXT,
  request_hash    TEXT NOT NULL,                     -- SHA-256 of branch, name, description, type
  name            TEXT NOT NULL,
  description     TEXT NOT NULL,
  tipo            INTEGER NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('SENDING', 'REGISTERED', 'NOT_REGISTERED')),
  pos_id          TEXT REFERENCES points_of_sale(id),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE UNIQUE INDEX pos_registrations_key ON pos_registrations (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX pos_registrations_unsettled ON pos_registrations (tenant_id, branch_id, state);
