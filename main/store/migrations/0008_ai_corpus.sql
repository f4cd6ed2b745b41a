-- The assistant's regulation corpus (main/ai/): plain-text and markdown files the administrator
-- installs in KIPU_AI_CORPUS_DIR, split into passages with their heading and indexed with FTS5 for
-- BM25 ranking. Lexical retrieval (words), not semantic: no model runs on a till.
-- Not tenant data: the same public regulations serve every taxpayer of the installation. The
-- index is derived from the files and rebuilt from them at start whenever a file changes.

-- One row per indexed file: size and mtime spot a change without reading the file; the hash
-- tells a touched file from an edited one.
CREATE TABLE ai_corpus_files (
  collection TEXT NOT NULL,
  path TEXT NOT NULL,              -- relative to the corpus folder, '/' separators
  size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  passages INTEGER NOT NULL,
  indexed_at TEXT NOT NULL,
  PRIMARY KEY (collection, path)
);

CREATE TABLE ai_passages (
  id INTEGER PRIMARY KEY,
  collection TEXT NOT NULL,
  path TEXT NOT NULL,
  seq INTEGER NOT NULL,
  titulo TEXT NOT NULL,
  texto TEXT NOT NULL,
  FOREIGN KEY (collection, path) REFERENCES ai_corpus_files (collection, path)
);
CREATE INDEX ai_passages_file ON ai_passages (collection, path, seq);

-- Words without accents or case ("anulación" = "ANULACION"); the heading is a column of its own
-- so it can weigh more in bm25().
CREATE VIRTUAL TABLE ai_passages_fts USING fts5(
  titulo, texto,
  content = 'ai_passages', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER ai_passages_fts_ai AFTER INSERT ON ai_passages BEGIN
  INSERT INTO ai_passages_fts (rowid, titulo, texto) VALUES (new.id, new.titulo, new.texto);
END;
CREATE TRIGGER ai_passages_fts_ad AFTER DELETE ON ai_passages BEGIN
  INSERT INTO ai_passages_fts (ai_passages_fts, rowid, titulo, texto) VALUES ('delete', old.id, old.titulo, old.texto);
END;
CREATE TRIGGER ai_passages_fts_au AFTER UPDATE OF titulo, texto ON ai_passages BEGIN
  INSERT INTO ai_passages_fts (ai_passages_fts, rowid, titulo, texto) VALUES ('delete', old.id, old.titulo, old.texto);
  INSERT INTO ai_passages_fts (rowid, titulo, texto) VALUES (new.id, new.titulo, new.texto);
END;
