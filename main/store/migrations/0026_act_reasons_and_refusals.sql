-- Every act has a name (issue 27, docs/decisions/0069-cash-sessions-per-cashier.md): why an act
-- was done when the act asks for a reason (a supervisor closing another person's cash session),
-- and the acts refused to a person for their role (a cajero asking for a supervisor's act without
-- an approval, or with one refused). PIN attempts stay in till_pin_attempts (0024).
-- Append-only: once landed this file is never edited; changes go in a new migration.

ALTER TABLE act_records ADD COLUMN reason TEXT;

CREATE TABLE act_refusals (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  act        TEXT NOT NULL,                         -- shared/till-roles.ts ACTS
  usuario    TEXT NOT NULL,                         -- who asked (the person's name)
  user_id    TEXT NOT NULL REFERENCES till_users(id),
  role       TEXT NOT NULL,                         -- the role they held
  needed     TEXT NOT NULL,                         -- the role the act needs
  pos_id     TEXT,
  code       TEXT NOT NULL,                         -- ROLE_REQUIRED (no approval), or the approval's refusal code
  approver   TEXT,                                  -- the approver as typed (login or id), never a PIN
  created_at TEXT NOT NULL
);
CREATE INDEX act_refusals_user ON act_refusals (tenant_id, user_id, seq);

CREATE TRIGGER act_refusals_no_delete BEFORE DELETE ON act_refusals
BEGIN
  SELECT RAISE(ABORT, 'act refusals are never deleted');
END;
CREATE TRIGGER act_refusals_immutable BEFORE UPDATE ON act_refusals
BEGIN
  SELECT RAISE(ABORT, 'act refusals are immutable');
END;
