// Autorización SIN (issue 29): the three steps before invoicing with fiscal effect, on one page —
// Phase I (the pilot tests `npm run admin -- certify` runs: each stage's progress per point of
// sale, failures with SIAT's code and text, the evidence report; in training, the simulator's own
// "seguimiento" beside it), Phase II (the inspection's 14 items judged now, each with its
// evidence) and the start of operations (what is missing; refused until nothing is). Opened from
// Configuración («Autorización SIN…»): the top bar has no room left at 1024 px.
import { useCallback, useEffect, useState } from 'react';
import type { CertificationStatus, CheckStatus, OnboardingResult, SelfCheckResult, StageReport } from '../../../shared/api/certification';
import { ErrorList } from '../components/ErrorList';
import { formatDate, formatDateTime } from '../format/dates';
import { certificationApi } from './certification-api';
import { useScreenRequest } from '../components/screen-request';

const CHECK_LABEL: Record<CheckStatus, string> = { ok: 'Cumple', falla: 'Falla', pendiente: 'Pendiente', 'no aplica': 'No aplica' };
const CHECK_CLASS: Record<CheckStatus, string> = { ok: 'VALIDATED', falla: 'REJECTED', pendiente: 'CONTINGENCY', 'no aplica': '' };

/** The SIN's stage numeral of a Kipu stage as the simulator's tally names it ("V-VI" counts as V). */
const seguimientoOf = (status: CertificationStatus, s: StageReport) => status.seguimiento?.find((r) => r.etapa === s.etapaSin.split('-')[0] && r.puntoVenta === s.puntoVenta)?.cantidad;

function runState(status: CertificationStatus): string {
  const run = status.run!;
  if (run.finishedAt) return `Fase I completa el ${formatDateTime(run.finishedAt)}`;
  if (run.stoppedReason) return `Detenida: ${run.stoppedReason}`;
  return 'En curso o interrumpida: vuelva a ejecutar certify para continuar';
}

function Stages({ status }: { status: CertificationStatus }) {
  const [pdf, setPdf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!status.run) {
    return (
      <p className="muted" data-testid="cert-no-run">
        Aún no hay pruebas. En la computadora de la tienda, con Kipu cerrado: <code>npm run admin -- certify --nit &lt;NIT&gt; --token &lt;token del piloto&gt; --sistema &lt;código&gt;</code> (para ensayar:{' '}
        <code>KIPU_TRAINING=1 npm run admin -- certify --nit 7000123019 --reducido 25</code>).
      </p>
    );
  }
  const run = status.run;
  return (
    <>
      <p data-testid="cert-run">
        Corrida del {formatDateTime(run.startedAt)}
        {run.scale > 1 ? ` · ensayo con cantidades ÷${run.scale}` : ' · cantidades del SIN'} · <strong>{runState(status)}</strong>{' '}
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
            <th>PV</th>
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
                <td>{s.etapaSin}</td>
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
                <td title={last ? `Paso ${last.paso}: ${last.codigo ?? ''} ${last.texto ?? ''}` : undefined}>{s.fallidos ? `${s.fallidos} (última: ${last?.codigo ?? ''} ${last?.texto ?? ''})` : '—'}</td>
                {status.seguimiento && <td>{seguimientoOf(status, s) ?? '—'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function SelfCheck({ result }: { result: SelfCheckResult }) {
  return (
    <>
      <p data-testid="cert-self-check-verdict" data-passed={result.aprobado}>
        <strong>{result.aprobado ? 'Ningún punto falla' : `Fallan: ${result.items.filter((i) => i.estado === 'falla').map((i) => i.item).join(', ')}`}</strong> · evaluado el {formatDateTime(result.en)}
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
      <button data-testid="cert-go-live" disabled={!result.listo || result.inicio !== null} onClick={onStart} title={result.listo ? '' : 'Complete lo que falta'}>
        Iniciar operaciones en producción
      </button>
    </>
  );
}

export function AuthorizationScreen() {
  const [status, setStatus] = useState<CertificationStatus | null>(null);
  const [check, setCheck] = useState<SelfCheckResult | null>(null);
  const [onboarding, setOnboarding] = useState<OnboardingResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const load = useCallback(() => {
    setErrors([]);
    const fail = (e: Error) => setErrors((x) => [...x, e.message]);
    certificationApi.status().then(setStatus, fail);
    certificationApi.selfCheck().then(setCheck, fail);
    certificationApi.onboarding().then(setOnboarding, fail);
  }, []);
  useEffect(load, [load]);
  // Esc goes back to Configuración, where this screen is opened from (it has no tab of its own).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) useScreenRequest.getState().open('configuracion');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="authorization" data-testid="authorization-screen">
      <div className="page-head">
        <button className="ghost" onClick={() => useScreenRequest.getState().open('configuracion')} data-testid="cert-back">
          ◀ Configuración <kbd>Esc</kbd>
        </button>
        <h1>Autorización SIN</h1>
        <button className="ghost" onClick={load} data-testid="cert-refresh">
          Actualizar
        </button>
      </div>
      <ErrorList errors={errors} />
      <section className="card wide">
        <h3>1. Pruebas en el piloto (Fase I)</h3>
        {status ? <Stages status={status} /> : <p className="muted">Cargando…</p>}
      </section>
      <section className="card wide">
        <h3>2. Autoevaluación para la inspección (Fase II)</h3>
        {check ? <SelfCheck result={check} /> : <p className="muted">Cargando…</p>}
      </section>
      <section className="card wide">
        <h3>3. Inicio de operaciones</h3>
        {onboarding ? (
          <Onboarding
            result={onboarding}
            onStart={() =>
              certificationApi.goLive().then(setOnboarding, (e: Error) => setErrors([e.message]))
            }
          />
        ) : (
          <p className="muted">Cargando…</p>
        )}
      </section>
    </div>
  );
}
