// The "Autorización SIN" screen's calls (main/api/routes/certification.ts): read by the till's
// key (STORE scope); recording the start of operations needs the administrator's.
import type { CertificationStatus, OnboardingResult, SelfCheckResult } from '../../../shared/api/certification';
import { http } from '../api';
import { useSession } from '../session/session-store';

export const certificationApi = {
  status: () => http.request<CertificationStatus>('GET', '/api/v1/certification'),
  selfCheck: () => http.request<SelfCheckResult>('GET', '/api/v1/certification/self-check'),
  onboarding: () => http.request<OnboardingResult>('GET', '/api/v1/certification/onboarding'),
  goLive: () => http.request<OnboardingResult>('POST', '/api/v1/certification/go-live', { json: {} }),
  /** The evidence PDF as a blob URL for a link (the route needs the key, so a plain href cannot). */
  reportPdf: async (): Promise<string> => {
    const res = await fetch(http.url('/api/v1/certification/report.pdf'), { headers: { 'x-api-key': useSession.getState().apiKey ?? '' } });
    if (!res.ok) throw new Error(`No se pudo generar el reporte (HTTP ${res.status})`);
    return URL.createObjectURL(await res.blob());
  },
};
