// The "Autorización SIN" screen's calls (main/api/routes/certification.ts), all with the
// administrator's key: reads, the training rehearsal and recording the start of operations.
import type { CertificationStatus, OnboardingResult, RehearsalRequestBody, SelfCheckResult } from '../../../shared/api/certification';
import { http } from '../api';
import { useSession } from '../session/session-store';

export const certificationApi = {
  status: () => http.request<CertificationStatus>('GET', '/api/v1/certification'),
  selfCheck: () => http.request<SelfCheckResult>('GET', '/api/v1/certification/self-check'),
  onboarding: () => http.request<OnboardingResult>('GET', '/api/v1/certification/onboarding'),
  /** Training only: starts (or resumes) the rehearsal against the simulator; 409 says why not. */
  startRehearsal: (body: RehearsalRequestBody) => http.request<{ enCurso: boolean }>('POST', '/api/v1/certification/rehearsal', { json: body }),
  goLive: () => http.request<OnboardingResult>('POST', '/api/v1/certification/go-live', { json: {} }),
  /** The evidence PDF as a blob URL for a link (the route needs the key, so a plain href cannot). */
  reportPdf: async (): Promise<string> => {
    const res = await fetch(http.url('/api/v1/certification/report.pdf'), { headers: { 'x-api-key': useSession.getState().apiKey ?? '' } });
    if (!res.ok) throw new Error(`No se pudo generar el reporte (HTTP ${res.status})`);
    return URL.createObjectURL(await res.blob());
  },
};
