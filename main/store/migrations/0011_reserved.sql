-- TEMPORARY placeholder on branch `purchases` only: migration 0011 belongs to another branch.
-- The numbering must have no gaps (db.ts), so this empty file lets 0012 apply while the branch
-- stands alone. Drop this file when merging (the other branch's 0011 takes its place).
SELECT 1;
