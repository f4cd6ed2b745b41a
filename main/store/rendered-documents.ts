// The stored files of issued invoices (migration 0023): A4 PDF, 80 mm ticket and ZIP, rendered
// once and served from here afterwards. Append-only and scoped by tenant: a row is never updated
// or deleted (the migration's triggers); a changed document is a new row under a new version.
import type { Db } from './db';
import { prepared } from './statements';

export type RenderedKind = 'pdf' | 'ticket' | 'zip';

/** What a conditional request needs, without reading the bytes. */
export interface RenderedHead {
  seq: number;
  sha256: string;
  size: number;
}

export interface RenderedKey {
  tenantId: string;
  invoiceId: string;
  kind: RenderedKind;
  /** Digest of the renderer's inputs (documents/stored-documents.ts). */
  version: string;
}

export class RenderedDocumentRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  head(k: RenderedKey): RenderedHead | null {
    const row = prepared(
      this.db,
      'SELECT seq, sha256, size FROM rendered_documents WHERE tenant_id = ? AND invoice_id = ? AND kind = ? AND version = ?',
    ).get(k.tenantId, k.invoiceId, k.kind, k.version) as RenderedHead | undefined;
    return row ?? null;
  }

  /** The bytes of a row found by `head`, scoped by tenant again. */
  bytes(tenantId: string, seq: number): Buffer | null {
    const row = prepared(this.db, 'SELECT bytes FROM rendered_documents WHERE tenant_id = ? AND seq = ?').get(tenantId, seq) as
      | { bytes: Buffer }
      | undefined;
    return row?.bytes ?? null;
  }

  /**
   * Stores a rendered file; if the same key is already stored (two engines' renders racing, or a
   * retry) the first copy stays and is returned, so every download of a version is the same bytes.
   */
  put(k: RenderedKey, bytes: Uint8Array, sha256: string): RenderedHead {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    prepared(
      this.db,
      `INSERT INTO rendered_documents (tenant_id, invoice_id, kind, version, sha256, size, bytes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, invoice_id, kind, version) DO NOTHING`,
    ).run(k.tenantId, k.invoiceId, k.kind, k.version, sha256, buf.byteLength, buf, this.now().toISOString());
    return this.head(k)!;
  }

  /** How many versions of an invoice's file are stored (tests, diagnostics). */
  count(tenantId: string, invoiceId: string, kind: RenderedKind): number {
    const row = prepared(this.db, 'SELECT COUNT(*) AS n FROM rendered_documents WHERE tenant_id = ? AND invoice_id = ? AND kind = ?').get(
      tenantId,
      invoiceId,
      kind,
    ) as { n: number };
    return row.n;
  }
}
