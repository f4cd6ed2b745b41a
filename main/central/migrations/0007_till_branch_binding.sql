-- Kipu Central: a till's credential is bound to its branch and, optionally, one point of sale
-- (issue 26, finding 6; docs/decisions/0060-central-trust-bounds.md). A push whose facts name
-- another branch or point of sale is refused whole (store/ingest.ts): a till of branch 0 could
-- rename store 5 and book sales under it.

-- The point of sale (codigoPuntoVenta) the till sells from; NULL = any point of sale of its branch.
ALTER TABLE tills ADD COLUMN pos_code integer CHECK (pos_code IS NULL OR pos_code >= 0);

-- A till made without a branch (`till add` without --branch) is bound to the one branch its
-- replicas already name; one that named none or several stays unbound, and its pushes of facts
-- are refused until the administrator reissues its credential with --branch.
UPDATE tills t SET branch_code = s.branch_code
FROM (SELECT tenant_id, till_id, min(branch_code) AS branch_code
      FROM (SELECT tenant_id, till_id, branch_code FROM points_of_sale
            UNION ALL SELECT tenant_id, till_id, branch_code FROM invoices) facts
      GROUP BY tenant_id, till_id HAVING count(DISTINCT branch_code) = 1) s
WHERE t.branch_code IS NULL AND s.tenant_id = t.tenant_id AND s.till_id = t.id;
