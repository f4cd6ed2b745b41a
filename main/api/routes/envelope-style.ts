// The sector style of seed 001 ("Electronic Invoicing Service: Sector Invoicing, Branch Offices
// …"): its own envelope { message, errors, success, data }. Its routes live in one encapsulated
// Fastify context whose error handler answers in that envelope, also for what the shared hooks
// refuse (401 without a key, 429 rate limit): a client of this style parses one shape only.
// Authentication and tenant scoping are the API-key style's (seed 001 shows none of its own).
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../store/store';
import type { InvoiceRepository } from '../../store/invoices';
import type { StoredDocuments } from '../../documents/stored-documents';
import type { SecretStore } from '../../config/secrets';
import type { CatalogService } from '../../catalogs/catalog-sync';
import { envelopeErrorHandler } from './envelope-errors';
import { branchOfficeRoutes, type BranchOfficeDeps } from './envelope-branches';
import { closeBranch } from '../../points-of-sale/close-branch';
import { envelopeInvoiceRoutes } from './envelope-invoices';
import { thirdPartyUserRoutes } from './envelope-users';
import { sectorEmissionRoutes } from './sector-emission';
import type { InvoicingService } from '../../invoicing/issue-invoice';
import type { InvoiceLifecycle } from '../../invoicing/invoice-lifecycle';

export interface EnvelopeRouteDeps {
  store: Store;
  invoices: InvoiceRepository;
  /** Seed 001's sector emission and cancellation routes issue and cancel through these. */
  invoicing: InvoicingService;
  lifecycle: InvoiceLifecycle;
  documents: StoredDocuments;
  publicBaseUrl: () => string;
  now: () => Date;
  /** Where a third party's SIAT token goes (the same store as PUT /api/v1/settings/siat). */
  secrets: SecretStore;
  /** docSectorDescription of third-party users from the synced catalog. */
  catalogs?: CatalogService;
  /** See BranchOfficeDeps.onCreated (training mode: the simulated padrón). */
  onBranchCreated?: BranchOfficeDeps['onCreated'];
}

export function envelopeStyleRoutes(app: FastifyInstance, deps: EnvelopeRouteDeps): void {
  const branches = deps.store.branches;
  void app.register(async (scope) => {
    scope.setErrorHandler(envelopeErrorHandler);
    branchOfficeRoutes(scope, { branches, closeBranch: (tenantId, id) => closeBranch(deps.store, tenantId, id), ...(deps.onBranchCreated ? { onCreated: deps.onBranchCreated } : {}) });
    envelopeInvoiceRoutes(scope, { branches, invoices: deps.invoices, documents: deps.documents, publicBaseUrl: deps.publicBaseUrl });
    sectorEmissionRoutes(scope, { store: deps.store, invoicing: deps.invoicing, lifecycle: deps.lifecycle, publicBaseUrl: deps.publicBaseUrl });
    thirdPartyUserRoutes(scope, { store: deps.store, secrets: deps.secrets, now: deps.now, ...(deps.catalogs ? { catalogs: deps.catalogs } : {}) });
  });
}
