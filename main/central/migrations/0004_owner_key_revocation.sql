-- Kipu Central: an owner key can be revoked from the CLI (`key revoke`), and the revocation says
-- when, by whom and why, as a till's credential does (migration 0003). The row is never deleted:
-- the key's holder is told on the next request that it was revoked, and when.
ALTER TABLE owner_keys ADD COLUMN revoked_by text, ADD COLUMN revoked_reason text;

-- Until now a key was revoked by setting revoked_at in SQL by hand.
UPDATE owner_keys SET revoked_by = 'a mano en la base (antes de la migración 0004)' WHERE revoked_at IS NOT NULL;

ALTER TABLE owner_keys ADD CONSTRAINT owner_keys_revoked_by CHECK ((revoked_at IS NULL) = (revoked_by IS NULL));
