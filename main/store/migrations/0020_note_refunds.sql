-- How a return's money went back (issue 24, item 3). A credit-debit note (SIAT sector 24) gives
-- the customer money back, and SIAT's note has no codigoMetodoPago, so nothing in the note says
-- how: the till records it here, in the note's own transaction, as SIAT's payment-method code
-- (single method: one refund goes back one way). The cash close books the refund under that
-- method (invoice_payments rows of the note, same transaction); before this, a note took its
-- original's code and a split original's refund fell under "Otros"
-- (docs/decisions/0053-refund-method-and-z-figures.md).
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE note_refunds (
  invoice_id    TEXT PRIMARY KEY REFERENCES invoices(id),   -- the note
  tenant_id     TEXT NOT NULL REFERENCES tenants(id),
  refund_method INTEGER NOT NULL,                           -- SIAT codigoMetodoPago (catalog)
  defaulted     INTEGER NOT NULL CHECK (defaulted IN (0, 1)) -- 1: taken from the original, not chosen
);

CREATE TRIGGER note_refunds_no_delete BEFORE DELETE ON note_refunds
BEGIN
  SELECT RAISE(ABORT, 'note refunds are never deleted');
END;
CREATE TRIGGER note_refunds_immutable BEFORE UPDATE ON note_refunds
BEGIN
  SELECT RAISE(ABORT, 'note refunds are immutable');
END;
