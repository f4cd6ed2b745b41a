-- Placeholder: number 0024 is reserved for another branch (issue 27's migration is 0025, and
-- the loader refuses gaps). When that branch's 0024 lands, this file is dropped in the merge.
SELECT 1;
