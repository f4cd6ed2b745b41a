// Sincronización (encargado): catalogs with last sync, sync all/one with progress, the active
// CUFD and its validity with a renew button, and a NIT check.
import { useEffect, useState } from 'react';
import { SYNC_CATALOGS, type CatalogSyncStatus, type CufdRecord, type NitCheckResult, type SiatMessage } from '../../../shared/api-types';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { formatDateTime, formatRemaining } from '../format/dates';
import { CATALOG_LABELS } from '../format/labels';
import { useCatalogs } from './catalogs-store';
import { useSession } from '../session/session-store';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { siatMessagesOfError, MAX_GUIDED_CODES } from '../assistant/siat-messages';

export function SyncScreen() {
  const posId = useSession((s) => s.posId) ?? undefined;
  const [rows, setRows] = useState<CatalogSyncStatus[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [running, setRunning] = useState<{ current: string | null; done: number; total: number } | null>(null);
  const [failed, setFailed] = useState<Record<string, string>>({});
  /** SIAT's codes behind the failed catalogs, once each: the error guide explains them below. */
  const [failedSiat, setFailedSiat] = useState<SiatMessage[]>([]);

  const load = async () => {
    try {
      setRows(await api.syncStatus());
    } catch (err) {
      setErrors(describeError(err));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  // Known catalogs first, in the seed's order, then whatever else the engine reports.
  const names = [...SYNC_CATALOGS, ...rows.map((r) => r.catalog).filter((c) => !(SYNC_CATALOGS as readonly string[]).includes(c))];
  const byName = new Map(rows.map((r) => [r.catalog, r]));

  // One request per catalog, so the manager sees progress and which one failed.
  const sync = async (list: string[]) => {
    setErrors([]);
    setFailed({});
    setFailedSiat([]);
    setRunning({ current: null, done: 0, total: list.length });
    const fails: Record<string, string> = {};
    const siat = new Map<number, SiatMessage>();
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      setRunning({ current: c, done: i, total: list.length });
      try {
        await api.syncOne(c, posId);
      } catch (err) {
        fails[c] = describeError(err).join(' ');
        for (const m of siatMessagesOfError(err)) if (!siat.has(m.codigo)) siat.set(m.codigo, m);
      }
    }
    setFailed(fails);
    setFailedSiat([...siat.values()].slice(0, MAX_GUIDED_CODES));
    setRunning(null);
    await load();
    useCatalogs.setState({ entries: {} }); // names shown elsewhere reload from the fresh copy
  };

  const pct = running && running.total > 0 ? Math.round((100 * running.done) / running.total) : 0;

  return (
    <div className="page" data-testid="sync-screen">
      <div className="page-head">
        <h1>Sincronización</h1>
        <button className="primary" disabled={running !== null} onClick={() => void sync(names)} data-testid="sync-all-button">
          Sincronizar todo
        </button>
      </div>
      {running && (
        <div className="progress" role="progressbar" aria-valuenow={pct} data-testid="sync-progress">
          <div style={{ width: `${pct}%` }} />
          <span>
            {running.done}/{running.total} · {running.current ? CATALOG_LABELS[running.current] ?? running.current : ''}
          </span>
        </div>
      )}
      <ErrorList errors={errors} />
      <SiatErrorGuide messages={failedSiat} testId="sync-siat-guide" />
      <div className="two-cols">
        <section className="panel">
          <h3>Catálogos del SIAT</h3>
          <table className="grid">
            <thead>
              <tr>
                <th>Catálogo</th>
                <th>Última sincronización</th>
                <th className="num">Registros</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {names.map((c) => {
                const r = byName.get(c);
                return (
                  <tr key={c} data-testid="catalog-row" data-catalog={c}>
                    <td>
                      {CATALOG_LABELS[c] ?? c}
                      {failed[c] && (
                        <div className="error-text small" data-testid="catalog-error">
                          {failed[c]}
                        </div>
                      )}
                    </td>
                    <td>{r?.lastSync ? formatDateTime(r.lastSync) : <span className="muted">Nunca</span>}</td>
                    <td className="num">{r?.count ?? 0}</td>
                    <td>
                      <button disabled={running !== null} onClick={() => void sync([c])} data-testid="sync-one-button">
                        {running?.current === c ? 'Sincronizando…' : 'Sincronizar'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <div>
          <CufdPanel posId={posId} />
          <NitCheckPanel posId={posId} />
        </div>
      </div>
    </div>
  );
}

/** The CUFD in force and its renewal; also shown in Estado de conexión. A SIAT refusal gets the error guide. */
export function CufdPanel({ posId }: { posId: string | undefined }) {
  const [cufd, setCufd] = useState<CufdRecord | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [siat, setSiat] = useState<SiatMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (!posId) return;
    api.activeCufd(posId).then(setCufd, (err) => {
      setErrors(describeError(err));
      setSiat(siatMessagesOfError(err));
    });
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, [posId]);

  return (
    <section className="panel" data-testid="cufd-panel">
      <h3>CUFD (código diario)</h3>
      {cufd ? (
        <>
          <div className="mono small break" data-testid="cufd-value">
            {cufd.cufd}
          </div>
          <div data-testid="cufd-validity">
            {formatRemaining(cufd.vigencia, now) === 'vencido' ? (
              <span className="error-text">Vencido desde {formatDateTime(cufd.vigencia)}</span>
            ) : cufd.activo === false ? (
              <span className="error-text">Inactivo (vigencia {formatDateTime(cufd.vigencia)})</span>
            ) : (
              `Vigente hasta ${formatDateTime(cufd.vigencia)} (quedan ${formatRemaining(cufd.vigencia, now)})`
            )}
          </div>
          <div className="muted small">Código de control {cufd.codigoControl}</div>
        </>
      ) : (
        errors.length === 0 && <p className="muted">Consultando…</p>
      )}
      <ErrorList errors={errors} />
      <SiatErrorGuide messages={siat} showSiatText={false} testId="cufd-siat-guide" />
      <button
        disabled={busy || !posId}
        data-testid="renew-cufd-button"
        onClick={async () => {
          if (!posId) return;
          setBusy(true);
          setErrors([]);
          setSiat([]);
          try {
            setCufd(await api.renewCufd(posId));
          } catch (err) {
            setErrors(describeError(err));
            setSiat(siatMessagesOfError(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Renovando…' : 'Renovar CUFD'}
      </button>
    </section>
  );
}

function NitCheckPanel({ posId }: { posId: string | undefined }) {
  const [nit, setNit] = useState('');
  const [result, setResult] = useState<NitCheckResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <section className="panel">
      <h3>Verificar NIT</h3>
      <form
        className="row"
        onSubmit={async (e) => {
          e.preventDefault();
          setResult(null);
          setErrors([]);
          if (!/^\d{5,20}$/.test(nit.trim())) return setErrors(['El NIT debe tener solo dígitos.']);
          if (!posId) return;
          try {
            setResult(await api.checkNit(posId, Number(nit.trim())));
          } catch (err) {
            setErrors(describeError(err));
          }
        }}
      >
        <input className="grow mono" placeholder="NIT" data-testid="nit-check-input" value={nit} onChange={(e) => setNit(e.target.value)} />
        <button type="submit" data-testid="nit-check-button">
          Verificar
        </button>
      </form>
      {result && (
        <div className={result.valido ? 'ok-box' : 'error-box'} data-testid="nit-check-result" data-valid={String(result.valido)}>
          NIT {result.nit}: {result.valido ? 'válido' : 'inválido'} — {result.mensaje}
        </div>
      )}
      <ErrorList errors={errors} />
    </section>
  );
}
