-- Placeholder (issue 27, cash side): migration numbers may not have gaps (db.ts) and 0025 is
-- another branch's. When that branch's 0025 lands, this file is dropped in favour of it; it
-- changes nothing, so a data file that applied it is unaffected except for the recorded name
-- (the lead merges before any release).
SELECT 1;
