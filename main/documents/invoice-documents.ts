// The files of a stored invoice (A4 PDF, 80 mm ticket PDF, ZIP bundle) rendered on demand from
// the record, the tenant, the synced unit catalog and the tenant's logo. Shared by the public
// downloads (through stored-documents.ts, which keeps what is rendered here), the e-mail and the
// printing routes so they all show the same document.
import type { InvoiceRecord } from '../store/invoices';
import type { Tenant } from '../store/tenants';
import type { CatalogItem, CatalogName } from '../catalogs/catalog-sync';
import type { BrandLogos } from '../storage/brand-logo';
import type { InvoiceDocumentModel } from './model';
import { invoiceFileStem, toInvoiceDocumentModel } from './invoice-model';
import type { RenderJob } from './render-job';
import type { WorkerPool } from '../workers/pool';
import { buildInvoiceZip } from './zip';
import { fromBoliviaIso } from '../../shared/time';
import { isPaymentKind } from '../../shared/api/cash';


export interface InvoiceDocumentsDeps {
  tenants: { byId(id: string): Tenant | null };
  catalogs: { items(tenantId: string, name: CatalogName): CatalogItem[] };
  logos: Pick<BrandLogos, 'bytes' | 'current'>;
  /** How each invoice was paid (the split stored with it, cash sessions). */
  payments: { payments(tenantId: string, invoiceId: string): readonly { method: string; amount: number }[] };
  /** The online CUF an offline re-issue replaced (InvoiceRepository.replacedCuf). */
  reissues: { replacedCuf(tenantId: string, invoiceId: string): string | null };
  /**
   * Worker threads that render (render-worker.ts), so a long invoice never holds the engine's
   * thread; absent, the renderers run here (CLIs, benchmarks of the renderer itself).
   */
  workers?: WorkerPool<RenderJob, Uint8Array>;
}

/** How many times each file was rendered since start: the seam that proves stored files are not rendered again. */
export interface RenderCounts {
  pdf: number;
  ticket: number;
  zip: number;
}

export class InvoiceDocuments {
  readonly renders: RenderCounts = { pdf: 0, ticket: 0, zip: 0 };

  constructor(private readonly deps: InvoiceDocumentsDeps) {}

  /**
   * What the renderers read besides the model: the logo, named by its object key (which holds a
   * digest of its bytes, storage/brand-logo.ts), so a new logo is a new input. Null: no logo.
   */
  logoKey(tenantId: string): string | null {
    return this.deps.logos.current(tenantId)?.objectKey ?? null;
  }

  model(inv: InvoiceRecord): InvoiceDocumentModel {
    const tenant = this.deps.tenants.byId(inv.tenantId);
    if (!tenant) throw new Error(`Contribuyente ${inv.tenantId} de la factura ${inv.id} no existe`);
    const parts = this.deps.payments.payments(inv.tenantId, inv.id).map((p) => ({ method: isPaymentKind(p.method) ? p.method : ('OTHER' as const), amount: p.amount }));
    const model = toInvoiceDocumentModel(inv, tenant, this.deps.catalogs.items(inv.tenantId, 'unit-measures'), {
      methods: this.deps.catalogs.items(inv.tenantId, 'payment-methods'),
      parts,
    }, this.deps.catalogs.items(inv.tenantId, 'currencies'));
    // Only an offline invoice can be a re-issue; its every copy names the ticket it replaces.
    const replaced = inv.codigoEmision === 2 ? this.deps.reissues.replacedCuf(inv.tenantId, inv.id) : null;
    return replaced ? { ...model, replacesCuf: replaced } : model;
  }

  async pdf(inv: InvoiceRecord, model = this.model(inv)): Promise<Uint8Array> {
    const logoPng = await this.deps.logos.bytes(inv.tenantId);
    this.renders.pdf++;
    return this.render(inv.tenantId, { kind: 'pdf', model, ...(logoPng ? { logoPng } : {}) });
  }

  ticket(inv: InvoiceRecord, model = this.model(inv)): Promise<Uint8Array> {
    this.renders.ticket++;
    return this.render(inv.tenantId, { kind: 'ticket', model });
  }

  private async render(tenantId: string, job: RenderJob): Promise<Uint8Array> {
    if (this.deps.workers) return this.deps.workers.run(tenantId, job);
    // Loaded on first use: the renderers bring pdf-lib, the engine's heaviest import, which an
    // engine rendering in its workers never needs on its own thread.
    const { renderJob } = await import('./render-job');
    return renderJob(job);
  }

  /** The bundle; `parts` are the invoice's PDF and ticket when already at hand (stored), else rendered here. */
  async zip(inv: InvoiceRecord, parts?: { pdf: Uint8Array; ticket: Uint8Array }): Promise<Buffer> {
    const { pdf, ticket } = parts ?? (await this.parts(inv));
    this.renders.zip++;
    // Entry dates = the issue date, so the same invoice always zips to the same bytes.
    const mtime = fromBoliviaIso(inv.fechaEmision) ?? undefined;
    return buildInvoiceZip({ baseName: invoiceFileStem(inv), pdf, ticket, xml: inv.xml, ...(mtime ? { mtime } : {}) });
  }

  private async parts(inv: InvoiceRecord): Promise<{ pdf: Uint8Array; ticket: Uint8Array }> {
    const model = this.model(inv);
    const [pdf, ticket] = await Promise.all([this.pdf(inv, model), this.ticket(inv, model)]);
    return { pdf, ticket };
  }
}
