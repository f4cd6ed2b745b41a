-- Issue 25 ("immutable documents rendered once", docs/decisions/0062-documents-rendered-once.md):
-- the A4 PDF, the 80 mm ticket and the ZIP of an issued invoice, rendered once and kept, so a
-- public download streams stored bytes instead of rendering again.
-- Append-only: once landed this file is never edited; changes go in a new migration.
--
-- A row is keyed by the invoice, the kind of file and `version`: a digest of everything the
-- renderer reads (the document model — state, CUF, legend, the tenant's header, catalogs —, the
-- logo, the renderer's own version). Whatever changes the paper (a cancellation's ANULADA mark,
-- an offline re-issue's new CUF, a reversed cancellation) gives a new version and a new row; an
-- older row is never served again but is kept, like every other row of this file.
CREATE TABLE rendered_documents (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id  TEXT NOT NULL REFERENCES tenants(id),
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  kind       TEXT NOT NULL CHECK (kind IN ('pdf', 'ticket', 'zip')),
  version    TEXT NOT NULL,             -- hex digest of the renderer's inputs
  sha256     TEXT NOT NULL,             -- hex digest of `bytes`: the strong ETag
  size       INTEGER NOT NULL,
  bytes      BLOB NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, invoice_id, kind, version)
);

CREATE TRIGGER rendered_documents_no_delete BEFORE DELETE ON rendered_documents BEGIN
  SELECT RAISE(ABORT, 'rendered documents are never deleted');
END;
CREATE TRIGGER rendered_documents_no_update BEFORE UPDATE ON rendered_documents BEGIN
  SELECT RAISE(ABORT, 'rendered documents are immutable; a changed document is a new version');
END;
