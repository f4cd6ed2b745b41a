// The "Autorización SIN" screen's calls (main/api/routes/certification.ts), the administrator's;
// each names its route in the contract (shared/api/routes/admin.ts), which types its answer.
import { ROUTES } from '../../../shared/api/routes';
import type { RehearsalRequestBody } from '../../../shared/api/certification';
import { http } from '../api';

const R = ROUTES.certification;

export const certificationApi = {
  status: () => http.call(R.status),
  selfCheck: () => http.call(R.selfCheck),
  onboarding: () => http.call(R.onboarding),
  /** Training only: starts (or resumes) the rehearsal against the simulator; 409 says why not. */
  startRehearsal: (body: RehearsalRequestBody) => http.call(R.rehearsal, { body }),
  goLive: () => http.call(R.goLive, { body: {} }),
  /** The evidence PDF as a blob URL for a link (the route needs the key, so a plain href cannot). */
  reportPdf: async (): Promise<string> => {
    const res = await http.raw(R.reportPdf);
    if (!res.ok) throw new Error(`No se pudo generar el reporte (HTTP ${res.status})`);
    return URL.createObjectURL(await res.blob());
  },
};
