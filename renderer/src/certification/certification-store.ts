// «Autorización SIN»'s state: the newest certify run per stage, the inspection self-check, the
// go-live checks, and in training the rehearsal a manager starts here (POST
// /api/v1/certification/rehearsal). While a rehearsal runs, its progress is read again every
// POLL_MS; when it ends, the self-check and the go-live checks are read again (the rehearsal
// issued invoices they judge).
import { create } from 'zustand';
import type { CertificationStatus, OnboardingResult, SelfCheckResult } from '../../../shared/api/certification';
import { certificationApi } from './certification-api';

/** How often a running rehearsal's progress is read. */
export const POLL_MS = 2000;

/** The rehearsal's reduction: every count of the SIN divided by 25 (a few minutes on the simulator). */
export const REHEARSAL_SCALE = 25;

export interface CertificationState {
  status: CertificationStatus | null;
  check: SelfCheckResult | null;
  onboarding: OnboardingResult | null;
  errors: string[];
  /** The start request is on its way. */
  starting: boolean;
  load(): Promise<void>;
  startRehearsal(): Promise<void>;
  goLive(): Promise<void>;
  /** Stops reading a rehearsal's progress (the screen closed). */
  stopWatching(): void;
}

export const INITIAL_CERTIFICATION_STATE = { status: null, check: null, onboarding: null, errors: [] as string[], starting: false };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const useCertification = create<CertificationState>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fail = (e: unknown) => set((s) => ({ errors: [...s.errors, message(e)] }));
  const readChecks = () => Promise.all([certificationApi.selfCheck().then((check) => set({ check }), fail), certificationApi.onboarding().then((onboarding) => set({ onboarding }), fail)]);

  /** Reads the run again while the rehearsal runs; once it ended, the checks too. */
  const watch = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void certificationApi.status().then(
        (status) => {
          set({ status });
          if (status.ensayo?.enCurso) watch();
          else void readChecks();
        },
        (e: unknown) => {
          fail(e);
          watch();
        },
      );
    }, POLL_MS);
  };

  return {
    ...INITIAL_CERTIFICATION_STATE,
    async load() {
      set({ errors: [] });
      await Promise.all([
        certificationApi.status().then((status) => {
          set({ status });
          if (status.ensayo?.enCurso) watch();
        }, fail),
        readChecks(),
      ]);
    },
    async startRehearsal() {
      if (get().starting) return;
      set({ starting: true, errors: [] });
      try {
        await certificationApi.startRehearsal({ reducido: REHEARSAL_SCALE });
        const status = await certificationApi.status();
        set({ status });
        watch();
      } catch (e) {
        fail(e);
      } finally {
        set({ starting: false });
      }
    },
    async goLive() {
      try {
        set({ onboarding: await certificationApi.goLive() });
      } catch (e) {
        set({ errors: [message(e)] });
      }
    },
    stopWatching() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
});
