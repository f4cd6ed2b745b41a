-- Issue 32 (docs/decisions/0057-never-twice-unknown-outcomes.md): when the last online send of an
-- invoice whose outcome is unknown (PENDING with needs_reconcile) gave up, on the real clock (ISO
-- UTC). SIAT may still register that send for a while after the client gave up; the invoice is
-- re-issued offline (a new CUF for the same number) only once that window has passed and SIAT
-- still does not know the CUF. Kept here so the rule survives a restart. NULL: no such send.
-- Append-only: once landed this file is never edited; changes go in a new migration.
ALTER TABLE invoices ADD COLUMN siat_attempt_at TEXT;
