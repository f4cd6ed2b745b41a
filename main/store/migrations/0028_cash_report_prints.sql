-- Each time a closed session's Z report came out of a printer (issue 24, decision 0086): the first
-- paper is the close's, every later one is marked COPIA whoever asks for it, and the till knows it
-- after a reload because the engine does. A closed session is immutable (0013's trigger), so the
-- prints are rows of their own; nothing here is deleted or changed.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE cash_report_prints (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  session_id TEXT NOT NULL REFERENCES cash_sessions(id),
  copy       INTEGER NOT NULL CHECK (copy IN (0, 1)),  -- 1: the paper said COPIA
  usuario    TEXT NOT NULL,                            -- who asked for it (a person's or an API key's name)
  printed_at TEXT NOT NULL
);
CREATE INDEX cash_report_prints_session ON cash_report_prints (tenant_id, session_id);

CREATE TRIGGER cash_report_prints_no_delete BEFORE DELETE ON cash_report_prints
BEGIN
  SELECT RAISE(ABORT, 'cash report prints are never deleted');
END;
CREATE TRIGGER cash_report_prints_immutable BEFORE UPDATE ON cash_report_prints
BEGIN
  SELECT RAISE(ABORT, 'cash report prints are immutable');
END;
