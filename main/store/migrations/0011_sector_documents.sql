-- Sector documents (issue #12): the sector's own header fields, and for a credit-debit note the
-- original invoice it refers to, as JSON by API field name (shared/sector-fields.ts); the line
-- fields travel inside `details` as before. NULL for compra-venta. The original invoice of a
-- note is also a column so the returns already made against it are found by index.
-- Append-only: once landed this file is never edited; changes go in a new migration.
ALTER TABLE invoices ADD COLUMN sector_data TEXT;
ALTER TABLE invoices ADD COLUMN original_invoice_id TEXT REFERENCES invoices(id);
CREATE INDEX invoices_original ON invoices(original_invoice_id) WHERE original_invoice_id IS NOT NULL;
