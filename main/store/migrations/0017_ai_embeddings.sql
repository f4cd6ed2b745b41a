-- The assistant's optional embedding index (issue 20): when the administrator installed a
-- sentence-embedding model (`npm run admin -- ai model install`), each text the assistant ranks
-- (a card's title, questions and rule; an administrator's passage) is embedded once and kept
-- here, so a restart does not run the model over the whole corpus again.
-- Not tenant data: the corpus is the installation's, the same for every taxpayer. Derived data:
-- rebuilt from the texts and the model whenever either changes; rows of another model or of a
-- text no longer in the corpus are dropped.
-- Append-only: once landed this file is never edited; changes go in a new migration.

CREATE TABLE ai_embeddings (
  model_sha256 TEXT NOT NULL,      -- SHA-256 of the ONNX file that computed the vector
  text_sha256 TEXT NOT NULL,       -- SHA-256 of the UTF-8 text embedded
  dimensions INTEGER NOT NULL,
  vector BLOB NOT NULL,            -- float32, little-endian, L2-normalized
  created_at TEXT NOT NULL,
  PRIMARY KEY (model_sha256, text_sha256)
) WITHOUT ROWID;
