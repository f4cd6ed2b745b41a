-- Invoice search by client name ignores accents and case, as product search does (0006): "perez"
-- and "PEREZ" find "Juan Pérez" (issue 24). The same FTS5 trigram index with remove_diacritics
-- over invoices.client_name, kept in sync by triggers. Invoices are never deleted; the delete
-- trigger is there so the index stays right whatever happens.
-- The index is keyed by the invoices' rowid: a later migration that rebuilds `invoices` (copies it
-- into a new table) must recreate these triggers and run
-- INSERT INTO invoices_fts (invoices_fts) VALUES ('rebuild').
-- Append-only: once landed this file is never edited; changes go in a new migration.
CREATE VIRTUAL TABLE invoices_fts USING fts5(
  client_name,
  content = 'invoices', content_rowid = 'rowid',
  tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO invoices_fts (rowid, client_name) SELECT rowid, client_name FROM invoices;

CREATE TRIGGER invoices_fts_ai AFTER INSERT ON invoices BEGIN
  INSERT INTO invoices_fts (rowid, client_name) VALUES (new.rowid, new.client_name);
END;
CREATE TRIGGER invoices_fts_ad AFTER DELETE ON invoices BEGIN
  INSERT INTO invoices_fts (invoices_fts, rowid, client_name) VALUES ('delete', old.rowid, old.client_name);
END;
CREATE TRIGGER invoices_fts_au AFTER UPDATE OF client_name ON invoices BEGIN
  INSERT INTO invoices_fts (invoices_fts, rowid, client_name) VALUES ('delete', old.rowid, old.client_name);
  INSERT INTO invoices_fts (rowid, client_name) VALUES (new.rowid, new.client_name);
END;
