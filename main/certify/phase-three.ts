// Phase III of the SIN's authorization (docs/siat/certification.md, "The path", 4): after the
// system is authorized, the provider runs pilot tests with each client taxpayer — association of
// the system and the client's delegated token, configuration, then the client's own tests. The
// SIN does not count them; starting operations is a sworn statement that they were done. Kipu
// cannot make that statement nor see the portal's association; what it prepares is, per client
// taxpayer of the installation, a checklist of what it can see: SIAT gave a CUIS with the client's
// token and the provider's system code (so the association holds), the configuration the
// production onboarding also checks (onboarding.ts, the same checks), and what the client issued,
// cancelled and sent after an event on the pilot. `npm run admin -- certify --fase3`.
// phaseThreeChecks is pure; phaseThreeReport reads.
import type { Tenant } from '../store/tenants';
import type { PilotActivity } from '../store/certification';
import type { OnboardingCheck } from '../../shared/api/certification';
import { gatherOnboarding, onboardingChecks, type OnboardingDeps } from './onboarding';
import { sectorSpec } from '../../shared/sectors';
import { countOf } from '../../shared/count';

export interface PhaseThreeCheck {
  clave: 'asociacion' | OnboardingCheck['clave'] | 'emision' | 'anulacion' | 'contingencia';
  titulo: string;
  ok: boolean;
  detalle: string;
}

export interface PhaseThreeClient {
  nit: string;
  razonSocial: string;
  /** 'produccion': already live (ambiente 1), past Phase III; 'piloto': its checks below. */
  ambiente: 'piloto' | 'produccion';
  listo: boolean;
  checks: PhaseThreeCheck[];
}

/** The configuration the production onboarding checks that also holds on the pilot (not its environment nor its token). */
const CONFIGURATION: readonly OnboardingCheck['clave'][] = ['sistema', 'certificado', 'puntos', 'cufd', 'catalogos', 'productos'];

/** Pure: a client's checklist from the onboarding checks (on the pilot), its token and CUIS, and what it did. */
export function phaseThreeChecks(f: { onboarding: readonly OnboardingCheck[]; tokenSet: boolean; cuisAtPos0: boolean; codigoSistema: string; activity: PilotActivity }): PhaseThreeCheck[] {
  const a = f.activity;
  const validated = a.validadas.reduce((n, v) => n + v.n, 0);
  return [
    {
      clave: 'asociacion',
      titulo: 'Sistema asociado al cliente y token delegado del cliente',
      ok: f.tokenSet && f.cuisAtPos0,
      detalle: !f.tokenSet
        ? 'Falta el token delegado del cliente: el cliente asocia el sistema en el portal del SIN (piloto), genera el token y se guarda en Configuración › Credenciales SIAT'
        : !f.cuisAtPos0
          ? 'Token guardado, pero el SIAT aún no dio el CUIS del punto de venta 0 con él: si responde que el sistema no está asociado (SIAT 911/912), el cliente debe asociarlo en el portal'
          : `El SIAT dio el CUIS del punto de venta 0 con el token del cliente y el sistema ${f.codigoSistema}: el sistema está asociado al NIT`,
    },
    ...f.onboarding.filter((c) => CONFIGURATION.includes(c.clave)).map((c) => ({ ...c })),
    {
      clave: 'emision',
      titulo: 'Pruebas del cliente: facturas validadas en el piloto',
      ok: validated > 0,
      detalle: validated > 0 ? a.validadas.map((v) => `${sectorSpec(v.sector)?.label ?? `sector ${v.sector}`}: ${countOf(v.n, 'validada')}`).join(' · ') : 'Ninguna factura del cliente validada en el piloto todavía',
    },
    {
      clave: 'anulacion',
      titulo: 'Pruebas del cliente: anulación',
      ok: a.anuladas > 0,
      detalle: a.anuladas > 0 ? `${countOf(a.anuladas, 'factura anulada', 'facturas anuladas')} en el piloto` : 'Ninguna anulación del cliente en el piloto todavía',
    },
    {
      clave: 'contingencia',
      titulo: 'Pruebas del cliente: contingencia (evento y paquete enviados)',
      ok: a.eventosCerrados > 0,
      detalle: a.eventosCerrados > 0 ? `${countOf(a.eventosCerrados, 'evento cerrado', 'eventos cerrados')} con sus paquetes validados` : 'Ningún evento de contingencia del cliente cerrado en el piloto todavía',
    },
  ];
}

/**
 * Every client taxpayer of the installation (the training ones aside), or the one named.
 * `ownToken`: whether the client's own delegated token is stored (the installation's default token
 * is the provider's, never the client's).
 */
export function phaseThreeReport(deps: OnboardingDeps, tenants: readonly Tenant[], ownToken: (t: Tenant) => boolean): PhaseThreeClient[] {
  return tenants
    .filter((t) => !t.training)
    .map((t) => {
      if (t.ambiente === 1) return { nit: t.nit, razonSocial: t.razonSocial, ambiente: 'produccion' as const, listo: true, checks: [] };
      const facts = gatherOnboarding(deps, t);
      const pos0 = deps.store.pointsOfSale.list(t.id).find((p) => p.branchCode === 0 && p.code === 0);
      const checks = phaseThreeChecks({
        onboarding: onboardingChecks(facts),
        tokenSet: ownToken(t),
        cuisAtPos0: pos0 !== undefined && deps.codes.currentCuis(t.id, pos0.id) !== null,
        codigoSistema: t.codigoSistema ?? '',
        activity: deps.store.certification.pilotActivity(t.id),
      });
      return { nit: t.nit, razonSocial: t.razonSocial, ambiente: 'piloto' as const, listo: checks.every((c) => c.ok), checks };
    });
}
