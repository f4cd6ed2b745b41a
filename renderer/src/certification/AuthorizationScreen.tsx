// Autorización SIN (issue 29): the three steps before invoicing with fiscal effect, on one page —
// Phase I (the pilot tests `npm run admin -- certify` runs, or in training the rehearsal a
// manager starts here against the simulator: each stage's progress per sector and point of sale,
// failures with SIAT's code and text, the evidence report; in training, the simulator's own
// "seguimiento" beside it), Phase II (the inspection's 14 items judged now, each with its
// evidence) and the start of operations (what is missing; refused until nothing is). Opened from
// Configuración («Autorización SIN…»): the top bar has no room left at 1024 px. The view is pure
// (AuthorizationView, props in); the state is certification-store.ts's.
import { useEffect, useState } from 'react';
import type { CertificationStatus, CheckStatus, OnboardingResult, SelfCheckResult, StageReport } from '../../../shared/api/certification';
import { ErrorList } from '../components/ErrorList';
import { formatDate, formatDateTime } from '../format/dates';
import { certificationApi } from './certification-api';
import { useScreenRequest } from '../components/screen-request';
import { REHEARSAL_SCALE, useCertification, type CertificationState } from './certification-store';

const CHECK_LABEL: Record<CheckStatus, string> = { ok: 'Cumple', falla: 'Falla', pendiente: 'Pendiente', 'no aplica': 'No aplica' };
const CHECK_CLASS: Record<CheckStatus, string> = { ok: 'VALIDATED', falla: 'REJECTED', pendiente: 'CONTINGENCY', 'no aplica': '' };

/** The simulator's tally of a Kipu stage, its sector and point of sale (V and VI count as V; I–III have no sector). */
const seguimientoOf = (status: CertificationStatus, s: StageReport) => status.seguimiento?.find((r) => r.etapa === s.etapaSin.split('-')[0] && r.puntoVenta === s.puntoVenta && r.sector === s.sector)?.cantidad;

/** The SIN's numerals as a manager reads them: "V y VI" for the events and their packages. */
const stageNumeral = (etapaSin: string) => etapaSin.replace('-', ' y ');

const rehearsing = (status: CertificationStatus) => status.ensayo?.enCurso === true;

function runState(status: CertificationStatus): string {
  const run = status.run!;
  if (rehearsing(status)) return 'Ensayo en curso…';
  if (run.finishedAt) return `Fase I completa el ${formatDateTime(run.finishedAt)}`;
  if (run.stoppedReason) return `Detenida: ${run.stoppedReason}`;
  return status.entrenamiento ? 'Interrumpida: pulse «Continuar el ensayo»' : 'Interrumpida: el técnico vuelve a ejecutar las pruebas y continúan donde quedaron';
}

/** Training: the rehearsal against Kipu's own simulator, started and followed here. */
function Rehearsal({ status, starting, onStart }: { status: CertificationStatus; starting: boolean; onStart: () => void }) {
  const running = rehearsing(status);
  const resumable = status.run !== null && !status.run.finishedAt;
  // What runs now: the last stage line the run printed (its progress lines alone say "2/10"), and a failure after it.
  const lines = status.ensayo?.lineas ?? [];
  const stageAt = lines.findLastIndex((l) => l.startsWith('Etapa '));
  const failure = lines.slice(stageAt + 1).findLast((l) => l.trim().startsWith('falla'));
  const current = stageAt < 0 ? null : `${lines[stageAt]!.replace(/: \d+\/\d+( \(reanudada\))?$/, '')}${failure ? ` · ${failure.trim()}` : ''}`;
  return (
    <div className="cert-rehearsal" data-testid="cert-rehearsal">
      <p>
        Entrenamiento: ensaye aquí las pruebas del SIN contra el simulador de Kipu, con las cantidades divididas entre {REHEARSAL_SCALE}. El ensayo usa un contribuyente de prueba propio
        del simulador, con sus puntos de venta 0 y 1: sus facturas de prueba no aparecen en Facturas, ni en los libros, ni en la caja, y la numeración de la tienda no cambia. Puede seguir
        vendiendo mientras dura.
      </p>
      <button className="primary" data-testid="cert-rehearse" disabled={running || starting} onClick={onStart}>
        {running ? 'Ensayo en curso…' : resumable ? 'Continuar el ensayo' : status.run ? 'Ensayar de nuevo' : 'Ensayar las pruebas'}
      </button>
      {running && current && (
        <p className="muted" data-testid="cert-rehearsal-last">
          {current}
        </p>
      )}
    </div>
  );
}

function Stages({ status, starting, onStart }: { status: CertificationStatus; starting: boolean; onStart: () => void }) {
  const [pdf, setPdf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rehearsal = status.entrenamiento && status.ensayo !== null ? <Rehearsal status={status} starting={starting} onStart={onStart} /> : null;
  if (!status.run) {
    return (
      <>
        {rehearsal}
        <p className="muted" data-testid="cert-no-run">
          {status.entrenamiento
            ? 'Aún no hay pruebas.'
            : 'Aún no hay pruebas. Las del piloto del SIN las ejecuta el técnico en la computadora de la tienda, con Kipu cerrado y el token del piloto (ver «Autorización SIN» en el README); su avance se ve aquí.'}
        </p>
      </>
    );
  }
  const run = status.run;
  return (
    <>
      {rehearsal}
      <p data-testid="cert-run">
        {status.entrenamiento ? 'Ensayo' : 'Pruebas'} del {formatDateTime(run.startedAt)}
        {run.scale > 1 ? ` · cantidades del SIN divididas entre ${run.scale}` : ' · cantidades del SIN'} · <strong data-testid="cert-run-state">{runState(status)}</strong>{' '}
        <button
          className="ghost"
          data-testid="cert-report"
          onClick={() => {
            setError(null);
            certificationApi.reportPdf().then(setPdf, (e: Error) => setError(e.message));
          }}
        >
          Reporte de evidencia (PDF)
        </button>
        {pdf && (
          <a href={pdf} download="autorizacion-sin.pdf" data-testid="cert-report-link">
            Descargar
          </a>
        )}
      </p>
      <ErrorList errors={error ? [error] : []} />
      <table data-testid="cert-stages">
        <thead>
          <tr>
            <th>Etapa</th>
            <th>Prueba</th>
            <th>Punto de venta</th>
            <th style={{ width: '28%' }}>Avance</th>
            <th>Fallas</th>
            {status.seguimiento && <th title="Lo que contó el simulador, como el «seguimiento» del portal">Seguimiento</th>}
          </tr>
        </thead>
        <tbody>
          {status.stages.map((s) => {
            const pct = s.requeridos ? Math.min(100, Math.floor((s.hechos * 100) / s.requeridos)) : 0;
            const last = s.fallas.at(-1);
            return (
              <tr key={`${s.etapa}-${s.puntoVenta}`} data-testid="cert-stage" data-stage={s.etapa} data-pos={s.puntoVenta} data-done={s.hechos} data-required={s.requeridos}>
                <td>{stageNumeral(s.etapaSin)}</td>
                <td>{s.titulo}</td>
                <td>{s.puntoVenta}</td>
                <td>
                  <div className="progress">
                    <div style={{ width: `${pct}%` }} />
                    <span>
                      {s.hechos} de {s.requeridos}
                    </span>
                  </div>
                </td>
                <td title={last ? `Paso ${last.paso}: ${failureText(last)}` : undefined}>{s.fallidos && last ? `${s.fallidos} (la última: ${failureText(last)})` : '—'}</td>
                {status.seguimiento && <td>{seguimientoOf(status, s) ?? '—'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** SIAT's code and text as it sent them, or Kipu's message when SIAT never answered. */
const failureText = (f: StageReport['fallas'][number]) => (f.codigo !== null ? `SIAT ${f.codigo}: ${f.texto ?? ''}` : (f.texto ?? ''));

function SelfCheck({ result }: { result: SelfCheckResult }) {
  const failed = result.items.filter((i) => i.estado === 'falla');
  const pending = result.items.filter((i) => i.estado === 'pendiente');
  return (
    <>
      <p data-testid="cert-self-check-verdict" data-passed={result.aprobado}>
        <strong>{result.aprobado ? `Ningún punto falla${pending.length > 0 ? `; pendiente: ${pending.map((i) => `${i.item}. ${i.titulo}`).join('; ')}` : ''}` : `Falla${failed.length > 1 ? 'n' : ''}: ${failed.map((i) => `${i.item}. ${i.titulo}`).join('; ')}`}</strong> · evaluado el{' '}
        {formatDateTime(result.en)}
      </p>
      <table data-testid="cert-self-check">
        <tbody>
          {result.items.map((i) => (
            <tr key={i.item} data-testid="cert-item" data-item={i.item} data-state={i.estado}>
              <td>{i.item}</td>
              <td>
                <span className={`state-tag ${CHECK_CLASS[i.estado]}`}>{CHECK_LABEL[i.estado]}</span>
              </td>
              <td>
                <div>{i.titulo}</div>
                <div className="muted" style={{ fontSize: '.85rem' }}>
                  {i.evidencia.join(' · ')}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Onboarding({ result, onStart }: { result: OnboardingResult; onStart: () => void }) {
  return (
    <>
      {result.inicio && <p data-testid="cert-live">Inicio de operaciones registrado el {formatDate(result.inicio)}.</p>}
      <table data-testid="cert-onboarding">
        <tbody>
          {result.checks.map((c) => (
            <tr key={c.clave} data-testid="cert-onboarding-check" data-key={c.clave} data-ok={c.ok}>
              <td>
                <span className={`state-tag ${c.ok ? 'VALIDATED' : 'REJECTED'}`}>{c.ok ? 'Listo' : 'Falta'}</span>
              </td>
              <td>
                <div>{c.titulo}</div>
                <div className="muted" style={{ fontSize: '.85rem' }}>
                  {c.detalle}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button className="primary" data-testid="cert-go-live" disabled={!result.listo || result.inicio !== null} onClick={onStart} title={result.listo ? '' : 'Complete lo que falta'}>
        Iniciar operaciones en producción
      </button>
    </>
  );
}

export type AuthorizationViewProps = Pick<CertificationState, 'status' | 'check' | 'onboarding' | 'errors' | 'starting' | 'load' | 'startRehearsal' | 'goLive'>;

/** The page from the store's state (pure: no request of its own but the PDF link's). */
export function AuthorizationView(p: AuthorizationViewProps) {
  return (
    <div className="authorization" data-testid="authorization-screen">
      <div className="page-head">
        <button className="ghost" onClick={() => useScreenRequest.getState().open('configuracion')} data-testid="cert-back">
          ◀ Configuración <kbd>Esc</kbd>
        </button>
        <h1>Autorización SIN</h1>
        <button className="ghost" onClick={() => void p.load()} data-testid="cert-refresh">
          Actualizar
        </button>
      </div>
      <ErrorList errors={p.errors} />
      <section className="card wide">
        <h3>{p.status?.entrenamiento ? '1. Pruebas de autorización (Fase I)' : '1. Pruebas en el piloto (Fase I)'}</h3>
        {p.status ? <Stages status={p.status} starting={p.starting} onStart={() => void p.startRehearsal()} /> : <p className="muted">Cargando…</p>}
      </section>
      <section className="card wide">
        <h3>2. Autoevaluación para la inspección (Fase II)</h3>
        {p.check ? <SelfCheck result={p.check} /> : <p className="muted">Cargando…</p>}
      </section>
      <section className="card wide">
        <h3>3. Inicio de operaciones</h3>
        {p.onboarding ? <Onboarding result={p.onboarding} onStart={() => void p.goLive()} /> : <p className="muted">Cargando…</p>}
      </section>
    </div>
  );
}

export function AuthorizationScreen() {
  const state = useCertification();
  useEffect(() => {
    void useCertification.getState().load();
    return () => useCertification.getState().stopWatching();
  }, []);
  // Esc goes back to Configuración, where this screen is opened from (it has no tab of its own).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) useScreenRequest.getState().open('configuracion');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return <AuthorizationView {...state} />;
}
