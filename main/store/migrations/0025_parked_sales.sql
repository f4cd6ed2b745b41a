-- Held (parked) sales (issue 27, docs/decisions/0068-parked-sales-and-discount-limits.md): a sale
-- the till set aside to serve the next customer, kept by the engine so that it survives a
-- restart. A parked sale is not an invoice and has no fiscal weight; still nothing is deleted:
-- recalling it marks it recalled (who, when), so a till's day can be read back.
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE TABLE parked_sales (
  id                  TEXT PRIMARY KEY,                 -- UUID v7
  tenant_id           TEXT NOT NULL REFERENCES tenants(id),
  pos_id              TEXT NOT NULL REFERENCES points_of_sale(id),
  parked_by           TEXT NOT NULL,                    -- the person's name (or the API key's)
  parked_by_user_id   TEXT REFERENCES till_users(id),   -- null when parked with an API key
  label               TEXT,                             -- what the cashier sees in the list (the client, "Venta de …")
  line_count          INTEGER NOT NULL,
  total_cents         INTEGER NOT NULL,                 -- Σ line subtotals − additional discount, computed by the engine
  sale                TEXT NOT NULL,                    -- JSON: the lines and the till's draft (client, payment)
  parked_at           TEXT NOT NULL,
  recalled_at         TEXT,
  recalled_by         TEXT,
  recalled_by_user_id TEXT REFERENCES till_users(id)
);
CREATE INDEX parked_sales_waiting ON parked_sales (tenant_id, pos_id, recalled_at, parked_at);

CREATE TRIGGER parked_sales_no_delete BEFORE DELETE ON parked_sales
BEGIN
  SELECT RAISE(ABORT, 'parked sales are never deleted; they are recalled');
END;
-- Only the recall may change a row, once.
CREATE TRIGGER parked_sales_recall_once BEFORE UPDATE ON parked_sales
WHEN OLD.recalled_at IS NOT NULL
  OR NEW.id IS NOT OLD.id OR NEW.tenant_id IS NOT OLD.tenant_id OR NEW.pos_id IS NOT OLD.pos_id
  OR NEW.parked_by IS NOT OLD.parked_by OR NEW.parked_by_user_id IS NOT OLD.parked_by_user_id
  OR NEW.label IS NOT OLD.label OR NEW.line_count IS NOT OLD.line_count OR NEW.total_cents IS NOT OLD.total_cents
  OR NEW.sale IS NOT OLD.sale OR NEW.parked_at IS NOT OLD.parked_at
BEGIN
  SELECT RAISE(ABORT, 'a parked sale changes only when it is recalled, once');
END;
