-- The chain's invoice search pages by key, newest first (docs/decisions/0042): (issued_at, till_id,
-- id) is a total order, so a page never repeats or skips an invoice when many share a timestamp, and
-- "the next page" is one index range instead of an OFFSET. This index replaces invoices_recent
-- (tenant_id, issued_at DESC), whose prefix it contains. It also serves the search's first phase:
-- the newest invoices read in order and filtered, before the trigram index is tried.
CREATE INDEX invoices_newest ON invoices (tenant_id, issued_at DESC, till_id DESC, id DESC);
DROP INDEX invoices_recent;
