// Closing a branch (the sector style's DELETE /branch-office/{id}): which branch may close is a
// rule of SIAT's, not of the store. Runs in: engine.
import { BranchError, type BranchOffice } from '../store/branches';
import type { Store } from '../store/store';

/**
 * Refused for the casa matriz (SIAT knows every taxpayer by sucursal 0), while the branch has open
 * points of sale (they are closed in SIAT first: cierrePuntoVenta, DELETE /api/v1/pos/{id}), and
 * while any of its invoices or contingency events is not settled with SIAT yet (PENDING or
 * CONTINGENCY invoices, events not CLOSED). PV 0 is the branch itself — SIAT does not close it with
 * cierrePuntoVenta — so it does not count as open and is closed together with the branch.
 * One transaction: nothing can be issued in the branch between the checks and the close.
 */
export function closeBranch(store: Pick<Store, 'branches' | 'invoices' | 'contingency' | 'transaction'>, tenantId: string, id: number): BranchOffice {
  return store.transaction(() => {
    const b = store.branches.byId(tenantId, id);
    if (!b) throw new BranchError('NOT_FOUND', `Sucursal ${id} no encontrada`);
    if (b.codigoSucursal === 0) {
      throw new BranchError('MAIN_BRANCH', `La casa matriz (código de sucursal 0, "${b.name}") no se puede eliminar: la normativa del SIN la exige mientras el contribuyente factura`);
    }
    const open = store.branches.openPointsOfSaleCount(tenantId, id);
    if (open > 0) {
      throw new BranchError('OPEN_POINTS_OF_SALE', `La sucursal ${b.codigoSucursal} ("${b.name}") tiene ${open} punto(s) de venta abierto(s); ciérrelos primero`);
    }
    const unsent = store.invoices.countWaitingForSiat({ tenantId, branchId: id, includeInFlight: true });
    const events = store.contingency.unclosedCount({ tenantId, branchId: id });
    if (unsent > 0 || events > 0) {
      throw new BranchError('UNSENT_INVOICES', `La sucursal ${b.codigoSucursal} ("${b.name}") tiene facturas o eventos de contingencia aún no resueltos con SIAT; espere a que se envíen`);
    }
    return store.branches.markClosed(tenantId, id);
  });
}
