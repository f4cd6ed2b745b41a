-- Cashiers and supervisors (issue 27, docs/decisions/0064-till-users-and-pin-sessions.md): the
-- people of a taxpayer who work its tills, their till sessions (a token bound to one user and one
-- point of sale, opened with the user's PIN), every PIN attempt, and who did (and who approved)
-- each act that moves money or annuls a document.
-- Append-only: once landed this file is never edited; changes go in a new migration.

-- A person of the store. The PIN is never stored: `pin_hash` is scrypt(pin, pin_salt) with the
-- parameters written in `pin_params` (N=16384,r=8,p=1,len=32), so they can be raised later and a
-- hash still checks against the parameters it was made with. Nobody is deleted: `active` = 0.
CREATE TABLE till_users (
  id              TEXT PRIMARY KEY,                 -- UUID
  tenant_id       TEXT NOT NULL REFERENCES tenants(id),
  login           TEXT NOT NULL,                    -- what the person types at the till, lower-case
  name            TEXT NOT NULL,                    -- shown on tickets and as the invoice's usuario
  role            TEXT NOT NULL CHECK (role IN ('cajero', 'supervisor', 'administrador')),
  pin_hash        TEXT NOT NULL,                    -- hex
  pin_salt        TEXT NOT NULL,                    -- hex, 16 random bytes per user (and per PIN change)
  pin_params      TEXT NOT NULL,                    -- scrypt parameters the hash was made with
  active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  failed_attempts INTEGER NOT NULL DEFAULT 0,       -- wrong PINs in a row
  locked_until    TEXT,                             -- ISO; wrong PINs locked the user until then
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (tenant_id, login)
);

-- A cashier's session at a point of sale: `kipt_<prefix>_<secret>`; only the prefix and a SHA-256
-- of the whole token are kept (like api_keys: ≥ 190 bits of entropy, a fast hash is right).
CREATE TABLE till_sessions (
  id           TEXT PRIMARY KEY,
  tenant_id    TEXT NOT NULL REFERENCES tenants(id),
  user_id      TEXT NOT NULL REFERENCES till_users(id),
  pos_id       TEXT NOT NULL REFERENCES points_of_sale(id),
  prefix       TEXT NOT NULL UNIQUE,
  hash         TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,                       -- idle lock counts from here
  expires_at   TEXT NOT NULL,                       -- absolute end
  ended_at     TEXT,                                -- logged out (or the user was deactivated)
  end_reason   TEXT
);
CREATE INDEX till_sessions_user ON till_sessions (user_id);

-- Every PIN typed: at a login or as a supervisor's approval. Nothing here is a PIN.
CREATE TABLE till_pin_attempts (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  user_id    TEXT REFERENCES till_users(id),        -- null: no such user in this tenant
  login      TEXT NOT NULL,                         -- as typed (trimmed, ≤ 100)
  pos_id     TEXT,
  purpose    TEXT NOT NULL CHECK (purpose IN ('LOGIN', 'APPROVAL')),
  outcome    TEXT NOT NULL,                         -- OK, WRONG_PIN, LOCKED, INACTIVE, UNKNOWN_USER, ROLE_TOO_LOW
  created_at TEXT NOT NULL
);
CREATE INDEX till_pin_attempts_user ON till_pin_attempts (tenant_id, user_id, seq);

-- Who did an act, and who approved it when the doer's role was not enough: cancellations,
-- reversals, returns (credit-debit notes), cash movements, session closes and reopenings.
-- `usuario` is the doer's name (a user's, or the API key's name); user ids are null for a key.
CREATE TABLE act_records (
  seq              INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id        TEXT NOT NULL REFERENCES tenants(id),
  act              TEXT NOT NULL,                   -- cancel, reverse, return, cash-in, cash-out, close-session, reopen-session
  subject_id       TEXT NOT NULL,                   -- the invoice, note, movement or session
  usuario          TEXT NOT NULL,
  user_id          TEXT REFERENCES till_users(id),
  api_key_id       TEXT,
  approver         TEXT,                            -- the supervisor's name
  approver_id      TEXT REFERENCES till_users(id),
  created_at       TEXT NOT NULL
);
CREATE INDEX act_records_subject ON act_records (tenant_id, subject_id);

CREATE TRIGGER till_users_no_delete BEFORE DELETE ON till_users
BEGIN
  SELECT RAISE(ABORT, 'till users are never deleted; deactivate them');
END;
CREATE TRIGGER till_sessions_no_delete BEFORE DELETE ON till_sessions
BEGIN
  SELECT RAISE(ABORT, 'till sessions are never deleted');
END;
CREATE TRIGGER till_pin_attempts_no_delete BEFORE DELETE ON till_pin_attempts
BEGIN
  SELECT RAISE(ABORT, 'PIN attempts are never deleted');
END;
CREATE TRIGGER till_pin_attempts_immutable BEFORE UPDATE ON till_pin_attempts
BEGIN
  SELECT RAISE(ABORT, 'PIN attempts are immutable');
END;
CREATE TRIGGER act_records_no_delete BEFORE DELETE ON act_records
BEGIN
  SELECT RAISE(ABORT, 'act records are never deleted');
END;
CREATE TRIGGER act_records_immutable BEFORE UPDATE ON act_records
BEGIN
  SELECT RAISE(ABORT, 'act records are immutable');
END;
