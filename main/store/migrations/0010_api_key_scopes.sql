-- API key scopes (issue 19, finding 13; main/api/access.ts). A key holds a space-separated set
-- of scopes: admin, till, integrator. Keys that existed before keep every scope, so nothing an
-- installation runs stops working on upgrade; the administrator narrows them (README, Security).
-- The training demo key is narrowed to `till` at every start in training (engine/training.ts).
-- Append-only: once landed this file is never edited; changes go in a new migration.
ALTER TABLE api_keys ADD COLUMN scopes TEXT NOT NULL DEFAULT 'admin till integrator';
