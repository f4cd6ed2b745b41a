// The taxpayer every training rehearsal of Phase I runs on — the «Autorización SIN» screen's and
// `certify` from a terminal in training (main/certify/rehearsal.ts, decisions 0084 and 0089): a
// tenant of its own for the embedded simulator's second taxpayer (REHEARSAL_TAXPAYER), created on
// the first rehearsal. The rehearsal's few hundred test invoices, its events and its numbering are
// this tenant's, so the training store's Facturas, books, X/Z, next number and Kipu Central push
// never see them (a fresh walk, 27/11: the store's next sale after N° 4 was N° 99). It has no API
// key: nobody sells on it, only the rehearsal issues there. Training only.
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import { REHEARSAL_TAXPAYER } from '../siat-sim/training-taxpayer';

/** The rehearsal's tenant: a training tenant with the rehearsal taxpayer's NIT. */
export const isRehearsalTenant = (t: Pick<Tenant, 'nit' | 'training'>): boolean => t.training && t.nit === String(REHEARSAL_TAXPAYER.nit);

/** The rehearsal tenant of a training store's tenant, if a rehearsal ever created it; else null. */
export function rehearsalTenantOf(store: Store, tenant: Tenant): Tenant | null {
  if (!tenant.training || isRehearsalTenant(tenant)) return null;
  const t = store.tenants.byNit(String(REHEARSAL_TAXPAYER.nit));
  return t && isRehearsalTenant(t) ? t : null;
}

/**
 * The rehearsal tenant, created on first use (branch 0 and point of sale 0 come with it; point of
 * sale 1 is registered by the run). A new run rehearses in `modalidad` (the store's unless the
 * terminal's `certify --modalidad` asks another); a run left open resumes in the one it started with.
 */
export function ensureRehearsalTenant(store: Store, storeTenant: Tenant, modalidad: Tenant['modalidad'] = storeTenant.modalidad): Tenant {
  const tp = REHEARSAL_TAXPAYER;
  const existing = store.tenants.byNit(String(tp.nit));
  if (existing && !isRehearsalTenant(existing)) throw new Error(`El NIT ${tp.nit}, el del ensayo, ya es un contribuyente de esta instalación fuera del entrenamiento: el ensayo no se ejecuta sobre él`);
  const tenant =
    existing ??
    store.tenants.create({
      nit: String(tp.nit),
      razonSocial: tp.razonSocial,
      municipio: tp.municipio,
      direccion: tp.direccion,
      telefono: tp.telefono,
      codigoSistema: tp.codigoSistema,
      ambiente: 2,
      modalidad,
      training: true,
      casaMatriz: { description: 'Ensayo de las pruebas de autorización' },
    });
  if (tenant.modalidad !== modalidad && !store.certification.openRun(tenant.id)) {
    return store.tenants.updateProfile(tenant.id, { modalidad });
  }
  return tenant;
}
