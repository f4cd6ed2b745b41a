-- PLACEHOLDER for the migration another branch owns (number 0011). Lets this branch run its own
-- migration 0013 with gapless numbering; DROP this file when merging (the real 0011 replaces it).
SELECT 1;
