-- Cash sessions (arqueo de caja, issue 17): a point of sale sells inside an open session; the
-- session holds the opening float, the cash in and out, and at the close the whole count. Nothing
-- is deleted: a session closed by mistake is reopened as a NEW session that names the old one and
-- the reason (docs/decisions/0024-cash-sessions-never-reopen-in-place.md).
-- Append-only: once landed this file is never edited; changes go in a new migration.

CREATE TABLE cash_sessions (
  id            TEXT PRIMARY KEY,                 -- UUID
  tenant_id     TEXT NOT NULL REFERENCES tenants(id),
  pos_id        TEXT NOT NULL REFERENCES points_of_sale(id),
  number        INTEGER NOT NULL,                 -- 1, 2, 3 … per point of sale
  state         TEXT NOT NULL CHECK (state IN ('OPEN', 'CLOSED')),
  opened_at     TEXT NOT NULL,
  opened_by     TEXT NOT NULL,
  opening_float INTEGER NOT NULL CHECK (opening_float >= 0),  -- cents
  reopened_from TEXT REFERENCES cash_sessions(id),
  reopen_reason TEXT,
  closed_at     TEXT,
  closed_by     TEXT,
  close_data    TEXT,                             -- JSON: the count, expected per method, differences
  UNIQUE (pos_id, number)
);
-- One open session per point of sale.
CREATE UNIQUE INDEX cash_sessions_one_open ON cash_sessions (pos_id) WHERE state = 'OPEN';
CREATE INDEX cash_sessions_tenant ON cash_sessions (tenant_id, pos_id, number DESC);

-- Cash in and cash out during a session (a withdrawal to the safe, paying a supplier).
CREATE TABLE cash_movements (
  id         TEXT PRIMARY KEY,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  session_id TEXT NOT NULL REFERENCES cash_sessions(id),
  kind       TEXT NOT NULL CHECK (kind IN ('IN', 'OUT')),
  amount     INTEGER NOT NULL CHECK (amount > 0),  -- cents
  reason     TEXT NOT NULL,
  usuario    TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX cash_movements_session ON cash_movements (session_id);

-- How an invoice was paid, one row per method (cash + card …), written in the sale's own
-- transaction. `amount` is what the method covers of the invoice (cash: net of change);
-- `tendered` is what the customer handed over for that method (cash only differs).
CREATE TABLE invoice_payments (
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  seq        INTEGER NOT NULL,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  session_id TEXT REFERENCES cash_sessions(id),
  method     TEXT NOT NULL,                       -- CASH, CARD, QR, GIFT_CARD, … (shared/api/cash.ts)
  amount     INTEGER NOT NULL,                    -- cents
  tendered   INTEGER NOT NULL,                    -- cents
  PRIMARY KEY (invoice_id, seq)
);
CREATE INDEX invoice_payments_session ON invoice_payments (session_id);

CREATE TRIGGER cash_sessions_no_delete BEFORE DELETE ON cash_sessions
BEGIN
  SELECT RAISE(ABORT, 'cash sessions are never deleted');
END;
CREATE TRIGGER cash_movements_no_delete BEFORE DELETE ON cash_movements
BEGIN
  SELECT RAISE(ABORT, 'cash movements are never deleted');
END;
CREATE TRIGGER cash_movements_immutable BEFORE UPDATE ON cash_movements
BEGIN
  SELECT RAISE(ABORT, 'cash movements are immutable');
END;
CREATE TRIGGER invoice_payments_no_delete BEFORE DELETE ON invoice_payments
BEGIN
  SELECT RAISE(ABORT, 'invoice payments are never deleted');
END;
CREATE TRIGGER invoice_payments_immutable BEFORE UPDATE ON invoice_payments
BEGIN
  SELECT RAISE(ABORT, 'invoice payments are immutable');
END;
-- A closed session stays as it was closed.
CREATE TRIGGER cash_sessions_closed_immutable BEFORE UPDATE ON cash_sessions
WHEN OLD.state = 'CLOSED'
BEGIN
  SELECT RAISE(ABORT, 'a closed cash session is immutable; reopen it as a new session');
END;
