// Issue 25, "immutable documents rendered once" (docs/decisions/0062-documents-rendered-once.md):
// an issued invoice's A4 PDF, ticket and ZIP are rendered on their first request and kept in the
// store (migration 0023); later requests get the stored bytes and their digest, with no rendering.
//
// The stored copy is keyed by a digest of every input the renderers read, not by the invoice
// alone: the document model (state → the ANULADA mark, CUF → a re-issue, legend, the tenant's
// header, the synced catalogs, payments), the logo, the signed XML for the ZIP, and the renderer's
// and the application's versions. Anything that changes the paper changes the key, so a stale
// document can never be served; the cost is building the model (a few indexed reads) per request.
import { createHash } from 'node:crypto';
import type { InvoiceRecord } from '../store/invoices';
import type { RenderedDocumentRepository, RenderedHead, RenderedKind } from '../store/rendered-documents';
import type { InvoiceDocuments } from './invoice-documents';
import type { InvoiceDocumentModel } from './model';

/**
 * Bump on a change to what invoice-pdf.ts, ticket-pdf.ts or zip.ts print for the same model (a
 * layout fix that should reach invoices already downloaded). A new application version renders
 * anew anyway (`appVersion` is part of the key); this covers builds that share a version.
 */
export const RENDERER_VERSION = 1;

export interface DocumentInputs {
  kind: RenderedKind;
  model: InvoiceDocumentModel;
  logoKey: string | null;
  /** The signed XML, for the ZIP (it carries it). */
  xml: string | null;
  appVersion: string;
}

/** Digest of a file's inputs: the `version` it is stored under. Pure. */
export function documentVersion(i: DocumentInputs): string {
  return createHash('sha256')
    .update(JSON.stringify({ renderer: RENDERER_VERSION, app: i.appVersion, kind: i.kind, logo: i.logoKey, model: i.model }))
    .update('\0')
    .update(i.xml ?? '')
    .digest('hex');
}

/** A stored file: its digest and size at once, its bytes on demand (a 304 never reads them). */
export interface StoredFile {
  sha256: string;
  size: number;
  bytes(): Buffer;
}

export interface StoredDocumentsDeps {
  /** The real renderer (its `renders` counts what is rendered). */
  renderer: InvoiceDocuments;
  files: RenderedDocumentRepository;
  appVersion: string;
}

export class StoredDocuments {
  /** Renders under way by key: concurrent first requests share one render instead of each rendering. */
  private readonly inflight = new Map<string, Promise<RenderedHead>>();

  constructor(private readonly deps: StoredDocumentsDeps) {}

  get renders(): Readonly<InvoiceDocuments['renders']> {
    return this.deps.renderer.renders;
  }

  /** The invoice's file of this kind as it reads now: stored if it was, rendered and stored if not. */
  async file(inv: InvoiceRecord, kind: RenderedKind): Promise<StoredFile> {
    const model = this.deps.renderer.model(inv);
    const head = await this.ensure(inv, kind, model);
    return this.open(inv.tenantId, head);
  }

  private version(inv: InvoiceRecord, kind: RenderedKind, model: InvoiceDocumentModel): string {
    return documentVersion({
      kind,
      model,
      logoKey: kind === 'pdf' || kind === 'zip' ? this.deps.renderer.logoKey(inv.tenantId) : null,
      xml: kind === 'zip' ? inv.xml : null,
      appVersion: this.deps.appVersion,
    });
  }

  private ensure(inv: InvoiceRecord, kind: RenderedKind, model: InvoiceDocumentModel): Promise<RenderedHead> {
    const key = { tenantId: inv.tenantId, invoiceId: inv.id, kind, version: this.version(inv, kind, model) };
    const stored = this.deps.files.head(key);
    if (stored) return Promise.resolve(stored);
    const id = `${key.tenantId}|${key.invoiceId}|${kind}|${key.version}`;
    let running = this.inflight.get(id);
    if (!running) {
      running = this.render(inv, kind, model)
        .then((bytes) => this.deps.files.put(key, bytes, sha256(bytes)))
        .finally(() => this.inflight.delete(id));
      this.inflight.set(id, running);
    }
    return running;
  }

  private async render(inv: InvoiceRecord, kind: RenderedKind, model: InvoiceDocumentModel): Promise<Uint8Array> {
    if (kind === 'pdf') return this.deps.renderer.pdf(inv, model);
    if (kind === 'ticket') return this.deps.renderer.ticket(inv, model);
    // The ZIP bundles the stored PDF and ticket (rendered first if they are not), so its copies
    // are byte for byte the ones downloaded alone.
    const [pdf, ticket] = await Promise.all([this.ensure(inv, 'pdf', model), this.ensure(inv, 'ticket', model)]);
    return this.deps.renderer.zip(inv, { pdf: this.open(inv.tenantId, pdf).bytes(), ticket: this.open(inv.tenantId, ticket).bytes() });
  }

  private open(tenantId: string, head: RenderedHead): StoredFile {
    return {
      sha256: head.sha256,
      size: head.size,
      bytes: () => {
        const bytes = this.deps.files.bytes(tenantId, head.seq);
        if (!bytes) throw new Error(`Documento guardado ${head.seq} no encontrado`);
        return bytes;
      },
    };
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
