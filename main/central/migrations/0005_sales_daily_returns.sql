-- Kipu Central: "Ventas de hoy" net of returns (issue 24, item 17). sales_daily also keeps, per
-- day, till and store, the credit-debit notes (returns, sector 24) that stand — issued, not
-- refused or cancelled — on the day the note was issued: the dashboard shows the sales of the
-- day minus what its returns gave back. `invoices`/`total_cents` keep meaning the sales (gross),
-- so every reader that sums them is unchanged.
ALTER TABLE sales_daily ADD COLUMN returns bigint NOT NULL DEFAULT 0, ADD COLUMN returns_cents bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily (tenant_id, till_id, issued_on, branch_code, invoices, total_cents, returns, returns_cents)
    SELECT tenant_id, till_id, issued_on, branch_code,
           COUNT(*) FILTER (WHERE sector <> 24), COALESCE(SUM(total_cents) FILTER (WHERE sector <> 24), 0),
           COUNT(*) FILTER (WHERE sector = 24), COALESCE(SUM(total_cents) FILTER (WHERE sector = 24), 0)
    FROM new_rows
    WHERE state NOT IN ('REJECTED', 'CANCELLED')
    GROUP BY tenant_id, till_id, issued_on, branch_code
    ON CONFLICT (tenant_id, issued_on, till_id, branch_code) DO UPDATE
      SET invoices = sales_daily.invoices + excluded.invoices, total_cents = sales_daily.total_cents + excluded.total_cents,
          returns = sales_daily.returns + excluded.returns, returns_cents = sales_daily.returns_cents + excluded.returns_cents;
  ELSE
    INSERT INTO sales_daily (tenant_id, till_id, issued_on, branch_code, invoices, total_cents, returns, returns_cents)
    SELECT tenant_id, till_id, issued_on, branch_code, SUM(n), SUM(t), SUM(rn), SUM(rt) FROM (
      SELECT tenant_id, till_id, issued_on, branch_code,
             CASE WHEN sector <> 24 THEN 1 ELSE 0 END AS n, CASE WHEN sector <> 24 THEN total_cents ELSE 0 END AS t,
             CASE WHEN sector = 24 THEN 1 ELSE 0 END AS rn, CASE WHEN sector = 24 THEN total_cents ELSE 0 END AS rt
        FROM new_rows WHERE state NOT IN ('REJECTED', 'CANCELLED')
      UNION ALL
      SELECT tenant_id, till_id, issued_on, branch_code,
             CASE WHEN sector <> 24 THEN -1 ELSE 0 END, CASE WHEN sector <> 24 THEN -total_cents ELSE 0 END,
             CASE WHEN sector = 24 THEN -1 ELSE 0 END, CASE WHEN sector = 24 THEN -total_cents ELSE 0 END
        FROM old_rows WHERE state NOT IN ('REJECTED', 'CANCELLED')) d
    GROUP BY tenant_id, till_id, issued_on, branch_code
    HAVING SUM(n) <> 0 OR SUM(t) <> 0 OR SUM(rn) <> 0 OR SUM(rt) <> 0
    ON CONFLICT (tenant_id, issued_on, till_id, branch_code) DO UPDATE
      SET invoices = sales_daily.invoices + excluded.invoices, total_cents = sales_daily.total_cents + excluded.total_cents,
          returns = sales_daily.returns + excluded.returns, returns_cents = sales_daily.returns_cents + excluded.returns_cents;
  END IF;
  RETURN NULL;
END $$;

-- The notes already at Central, counted once into their days.
INSERT INTO sales_daily (tenant_id, till_id, issued_on, branch_code, invoices, total_cents, returns, returns_cents)
SELECT tenant_id, till_id, issued_on, branch_code, 0, 0, COUNT(*), SUM(total_cents)
FROM invoices WHERE sector = 24 AND state NOT IN ('REJECTED', 'CANCELLED')
GROUP BY tenant_id, till_id, issued_on, branch_code
ON CONFLICT (tenant_id, issued_on, till_id, branch_code) DO UPDATE
  SET returns = excluded.returns, returns_cents = excluded.returns_cents;
