// SIAT's verdict on a NIT, remembered (issue #13): a NIT verified less than a day ago is not
// asked again, so a sale never waits for verificarNit. The till asks while the cashier is still
// typing (POST /api/v1/codes/nit); a sale to a NIT nobody checked yet is issued at once and the
// NIT is verified in the background for the next time (SIAT's own verdict on the invoice still
// reaches the cashier). Transport failures are not verdicts: nothing is stored then.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { ClientRepository, NitVerdict } from '../store/clients';
import type { CodesService, NitCheck } from './cuis-cufd-service';
import { specialNitName } from '../siat/code-catalog';

/** A verdict answers sales for a day; then SIAT is asked again. */
export const NIT_VERDICT_TTL_MS = 24 * 60 * 60 * 1000;

export class NitVerdicts {
  private readonly inFlight = new Map<string, Promise<NitCheck>>();

  constructor(
    private readonly codes: Pick<CodesService, 'verifyNit'>,
    private readonly clients: ClientRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The stored verdict if younger than a day, else null. Local only: the sale path calls this. */
  fresh(tenantId: string, nit: string): NitVerdict | null {
    const v = this.clients.nitVerdict(tenantId, nit);
    if (!v || this.now().getTime() - Date.parse(v.checkedAt) >= NIT_VERDICT_TTL_MS) return null;
    return v;
  }

  /** The fresh verdict, or SIAT's answer now (stored); concurrent checks of one NIT share a call. */
  async check(tenant: Tenant, pos: PointOfSale, nit: number): Promise<NitCheck & { cached: boolean }> {
    const v = this.fresh(tenant.id, String(nit));
    if (v) return { valido: v.valid, nit, codigo: v.siatCode, mensaje: v.siatMessage, cached: true };
    const key = `${tenant.id}|${nit}`;
    let p = this.inFlight.get(key);
    if (!p) {
      p = this.codes.verifyNit(tenant, pos, nit).then((res) => {
        // 986/987/994 are SIAT's verdicts on the NIT; anything else says nothing about it.
        if ([986, 987, 994].includes(res.codigo)) {
          this.clients.saveNitVerdict(tenant.id, { nit: String(nit), valid: res.valido, siatCode: res.codigo, siatMessage: res.mensaje, checkedAt: this.now().toISOString() });
        }
        return res;
      });
      this.inFlight.set(key, p);
      void p.catch(() => {}).finally(() => this.inFlight.delete(key));
    }
    return { ...(await p), cached: false };
  }

  /** Verifies in the background (a sale to an unchecked NIT); failures are left for next time. */
  checkInBackground(tenant: Tenant, pos: PointOfSale, nit: number): void {
    // The SIN's special codes (99001–99003) are never sent to verificarNit (inspection item 1).
    if (specialNitName(String(nit))) return;
    void this.check(tenant, pos, nit).catch(() => {});
  }
}
