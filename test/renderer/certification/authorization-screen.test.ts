// «Autorización SIN» for a manager in training (react-dom/server: the suite has no DOM): the
// screen offers the rehearsal as its main button, starting it asks the engine, its progress is
// read again until it ends (then the self-check and the go-live checks too), and every row reads
// in words — stages with their sector and point of sale, the 14 items with their titles — never
// the engine's keys or a command line.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CertificationStatus, OnboardingResult, SelfCheckResult, StageReport } from '../../../shared/api/certification';

const api = vi.hoisted(() => ({ status: vi.fn(), selfCheck: vi.fn(), onboarding: vi.fn(), startRehearsal: vi.fn(), goLive: vi.fn(), reportPdf: vi.fn() }));
vi.mock('../../../renderer/src/certification/certification-api', () => ({ certificationApi: api }));

const { AuthorizationView } = await import('../../../renderer/src/certification/AuthorizationScreen');
const { INITIAL_CERTIFICATION_STATE, POLL_MS, REHEARSAL_SCALE, useCertification } = await import('../../../renderer/src/certification/certification-store');

const stage = (etapa: string, etapaSin: string, titulo: string, sector: number | null, puntoVenta: number, hechos: number, requeridos: number, fallas: StageReport['fallas'] = []): StageReport => ({
  etapa,
  etapaSin,
  titulo,
  sector,
  puntoVenta,
  hechos,
  requeridos,
  fallidos: fallas.length,
  codigoEsperado: null,
  codigosSiat: {},
  primeraEn: null,
  ultimaEn: null,
  muestras: [],
  respuestasMuestra: [],
  fallas,
});

const RUN = { id: '0192aaaa-0000-7000-8000-000000000001', startedAt: '2026-11-27T14:00:00.000Z', finishedAt: null, stoppedAt: null, stoppedReason: null, scale: REHEARSAL_SCALE, options: { sectores: [1, 11] } };
const EMPTY: CertificationStatus = { run: null, stages: [], seguimiento: null, entrenamiento: true, ensayo: { enCurso: false, lineas: [] } };
const RUNNING: CertificationStatus = {
  run: RUN,
  stages: [
    stage('cuis', 'I', 'Obtención de CUIS', null, 0, 1, 1),
    stage('emission:s11', 'IV', 'Emisión individual · Sector educativo', 11, 1, 3, 10, [{ paso: 2, codigo: 1037, texto: 'NOMBRE O RAZON SOCIAL INVALIDO', en: '2026-11-27T14:01:00.000Z' }]),
    stage('events', 'V-VI', 'Eventos significativos y paquetes de contingencia · Compra-venta', 1, 0, 0, 7),
  ],
  seguimiento: [
    { etapa: 'IV', nombre: 'Emisión individual (908)', puntoVenta: 1, sector: 1, cantidad: 5 },
    { etapa: 'IV', nombre: 'Emisión individual (908)', puntoVenta: 1, sector: 11, cantidad: 3 },
  ],
  entrenamiento: true,
  ensayo: { enCurso: true, lineas: ['Etapa IV · Emisión individual · Sector educativo · punto de venta 1: 0/10', '  falla en el paso 2: SIAT 1037 NOMBRE O RAZON SOCIAL INVALIDO', '  3/10'] },
};
const FINISHED: CertificationStatus = { ...RUNNING, run: { ...RUN, finishedAt: '2026-11-27T14:05:00.000Z' }, ensayo: { enCurso: false, lineas: [] } };
const CHECK: SelfCheckResult = {
  aprobado: false,
  en: '2026-11-27T14:05:00.000Z',
  items: [
    { item: 1, titulo: 'Nominatividad: toda venta con el documento del comprador', estado: 'falla', evidencia: ['factura N° 7 con documento «0»'] },
    { item: 13, titulo: 'Entrega por correo o enlace', estado: 'ok', evidencia: ['Correo configurado'] },
  ],
};
const ONBOARDING: OnboardingResult = {
  listo: false,
  inicio: null,
  checks: [{ clave: 'token', titulo: 'Token delegado de producción (no el del piloto)', ok: false, detalle: 'Entrenamiento: Kipu usa su simulador del SIAT, que no pide token.' }],
};

const html = () => renderToStaticMarkup(createElement(AuthorizationView, useCertification.getState()));

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetAllMocks();
  useCertification.setState(INITIAL_CERTIFICATION_STATE);
  api.selfCheck.mockResolvedValue(CHECK);
  api.onboarding.mockResolvedValue(ONBOARDING);
  api.startRehearsal.mockResolvedValue({ enCurso: true });
});
afterEach(() => {
  useCertification.getState().stopWatching();
  vi.useRealTimers();
});

describe('Autorización SIN in training', () => {
  it('offers the rehearsal as the main button, with no command line to copy', async () => {
    api.status.mockResolvedValue(EMPTY);
    await useCertification.getState().load();
    const page = html();
    expect(page).toMatch(/<button class="primary" data-testid="cert-rehearse">Ensayar las pruebas<\/button>/);
    expect(page).toContain('contra el simulador de Kipu');
    expect(page).not.toContain('npm run');
    // The main button of go-live is a button too, not a plain text.
    expect(page).toMatch(/<button class="primary" data-testid="cert-go-live" disabled=""/);
  });

  it('starting a rehearsal asks the engine, follows its progress per stage until it ends, then judges the checklist again', async () => {
    api.status.mockResolvedValueOnce(EMPTY);
    await useCertification.getState().load();
    expect(api.selfCheck).toHaveBeenCalledTimes(1);

    api.status.mockResolvedValueOnce(RUNNING).mockResolvedValueOnce(RUNNING).mockResolvedValueOnce(FINISHED);
    await useCertification.getState().startRehearsal();
    expect(api.startRehearsal).toHaveBeenCalledWith({ reducido: REHEARSAL_SCALE });
    let page = html();
    expect(page).toMatch(/data-testid="cert-rehearse" disabled="">Ensayo en curso…/);
    // What runs now in words (not the run's bare "3/10" progress line), with the failure it met.
    expect(page).toContain('>Etapa IV · Emisión individual · Sector educativo · punto de venta 1 · falla en el paso 2: SIAT 1037 NOMBRE O RAZON SOCIAL INVALIDO<');
    // Each stage in words, with its sector and point of sale, its progress and SIAT's failure as sent.
    expect(page).toMatch(/<td>IV<\/td><td>Emisión individual · Sector educativo<\/td><td>1<\/td>/);
    expect(page).toContain('3 de 10');
    expect(page).toContain('1 (la última: SIAT 1037: NOMBRE O RAZON SOCIAL INVALIDO)');
    // The simulator's count beside it is that sector's (5 were compra-venta's at the same point of sale).
    expect(page).toMatch(/1 \(la última: SIAT 1037: NOMBRE O RAZON SOCIAL INVALIDO\)<\/td><td>3<\/td>/);
    expect(page).toMatch(/<td>V y VI<\/td><td>Eventos significativos y paquetes de contingencia · Compra-venta<\/td>/);
    expect(page).not.toMatch(/emission:s11<|>events<|>cuis</);

    // Still running at the first read, finished at the second: the checks are read again once.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(api.status).toHaveBeenCalledTimes(3);
    expect(api.selfCheck).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(api.status).toHaveBeenCalledTimes(4);
    expect(api.selfCheck).toHaveBeenCalledTimes(2);
    expect(api.onboarding).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(api.status).toHaveBeenCalledTimes(4);

    page = html();
    expect(page).toContain('Fase I completa el');
    expect(page).toMatch(/data-testid="cert-rehearse">Ensayar de nuevo</);
    // The 14 items by their titles: the verdict names the failing one in words.
    expect(page).toContain('Falla: 1. Nominatividad: toda venta con el documento del comprador');
    expect(page).toMatch(/data-testid="cert-item" data-item="13" data-state="ok">.*Cumple.*Entrega por correo o enlace/);
    expect(page).toContain('Entrenamiento: Kipu usa su simulador del SIAT');
  });

  it('a refused start shows the engine’s reason and keeps the button', async () => {
    api.status.mockResolvedValue(EMPTY);
    await useCertification.getState().load();
    api.startRehearsal.mockRejectedValueOnce(new Error('Ya hay un ensayo en curso: espere a que termine'));
    await useCertification.getState().startRehearsal();
    const page = html();
    expect(page).toContain('Ya hay un ensayo en curso: espere a que termine');
    expect(page).toMatch(/<button class="primary" data-testid="cert-rehearse">Ensayar las pruebas<\/button>/);
  });
});
