-- Webhook endpoints and their deliveries (seed: Webhook endpoint, Events). The signing secret is
-- not here: it lives in the secret store (main/config/secrets.ts); `secret_hint` keeps its last
-- characters so listings can show a masked form without reading the store.
-- Endpoints are configuration, not fiscal rows: DELETE sets `deleted_at` and keeps the row so the
-- deliveries history stays readable and referentially intact.
CREATE TABLE webhook_endpoints (
  id          TEXT PRIMARY KEY,                  -- UUID
  tenant_id   TEXT NOT NULL REFERENCES tenants(id),
  url         TEXT NOT NULL,                     -- https:// only
  events      TEXT NOT NULL,                     -- JSON array of patterns: *, <namespace>.*, exact type
  description TEXT,
  active      INTEGER NOT NULL DEFAULT 1,
  secret_hint TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  deleted_at  TEXT
);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id, created_at) WHERE deleted_at IS NULL;

-- One row per (event, matching endpoint), written before the first attempt so a crash loses
-- nothing (at-least-once: receivers deduplicate on webhook-id = id).
CREATE TABLE webhook_deliveries (
  id               TEXT PRIMARY KEY,             -- UUID, sent as webhook-id
  tenant_id        TEXT NOT NULL REFERENCES tenants(id),
  endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints(id),
  event_type       TEXT NOT NULL,
  payload          TEXT NOT NULL,                -- the exact JSON body sent
  -- PENDING (waiting for its next attempt) → DELIVERED (2xx) | FAILED (attempts exhausted, endpoint deleted)
  state            TEXT NOT NULL CHECK (state IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT,                         -- UTC ISO; null once DELIVERED or FAILED
  last_status_code INTEGER,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  delivered_at     TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'PENDING';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);

CREATE TABLE webhook_attempts (
  delivery_id  TEXT NOT NULL REFERENCES webhook_deliveries(id),
  attempt      INTEGER NOT NULL,                 -- 1-based
  manual       INTEGER NOT NULL DEFAULT 0,       -- forced by POST …/redeliver
  started_at   TEXT NOT NULL,
  finished_at  TEXT NOT NULL,
  status_code  INTEGER,                          -- null when no HTTP answer (refused, time-out, TLS, blocked address)
  error        TEXT,
  PRIMARY KEY (delivery_id, attempt)
);
