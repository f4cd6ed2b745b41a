// Kipu Central's dashboard (issue 15): today's sales per store and till, sales by day as a chart,
// every till's mode, queue, last contact and expiries (and whether its credential is revoked, with
// a button to revoke it), and a search over the chain's invoices with their PDF. It refreshes every
// two seconds: a sale on a till shows here within seconds.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ChainInvoicePage, SalesByDay, SalesToday, TillOverview } from '../../../shared/api/central';
import { formatBs } from '../../../shared/money';
import { formatDate, formatDateTime } from '../format/dates';
import { countOf, documentLabel, invoiceStateLabel, isNote, MODE_LABELS } from '../format/labels';
import { centralApi, CentralApiError, session, type CentralSession } from './central-api';
import { SalesChart } from './SalesChart';

const REFRESH_MS = 2000;

/** Central's own words for what it refused; a browser's network error (English) in Spanish. */
function centralErrorText(err: unknown): string {
  return err instanceof CentralApiError ? err.message : 'No se pudo conectar con Kipu Central';
}

function Login({ onLogin }: { onLogin: (s: CentralSession) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const s = await centralApi.session(key.trim());
      session.set(key.trim());
      onLogin(s);
    } catch (err) {
      // Central's own words: "ausente o no válida", or when and why the key was revoked.
      setError(centralErrorText(err));
    }
  };
  return (
    <section className="login">
      <h2>Kipu Central</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          Clave del dueño
          <input data-testid="central-login-key" type="password" value={key} onChange={(e) => setKey(e.target.value)} autoFocus />
        </label>
        <button data-testid="central-login-submit" type="submit" disabled={!key.trim()}>
          Entrar
        </button>
        {error && (
          <p className="error" data-testid="central-login-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function Search() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState<ChainInvoicePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setPage(await centralApi.invoices(q));
      setError(null);
    } catch (err) {
      setError(centralErrorText(err));
    }
  };
  const openPdf = async (tillId: string, id: string) => {
    try {
      window.open(await centralApi.pdfUrl(tillId, id), '_blank', 'noopener');
    } catch (err) {
      setError(centralErrorText(err));
    }
  };
  return (
    <section>
      <h2>Buscar factura</h2>
      <form onSubmit={(e) => void run(e)}>
        <input data-testid="central-search-input" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Número, CUF, NIT/CI o nombre del cliente" size={40} />
        <button data-testid="central-search-submit" type="submit">
          Buscar
        </button>
      </form>
      {error && <p className="error">{error}</p>}
      {page && (
        <table>
          <thead>
            <tr>
              <th>Caja</th>
              <th>Sucursal</th>
              <th className="num">N.º</th>
              <th>Fecha</th>
              <th>Cliente</th>
              <th className="num">Total</th>
              <th>Estado</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.items.map((i) => (
              <tr key={`${i.tillId}:${i.id}`} data-testid="central-invoice-row" data-cuf={i.cuf} data-sector={i.sector}>
                <td>{i.tillName}</td>
                <td>{i.branchCode}</td>
                <td className="num">{i.number}</td>
                <td>{formatDateTime(i.fechaEmision)}</td>
                <td>
                  {isNote(i.sector) && (
                    <div className="muted" data-testid="central-invoice-kind">
                      {documentLabel({ sector: i.sector, number: i.number, originalNumber: i.originalNumber })}
                    </div>
                  )}
                  {i.clientName} <span className="muted">{i.clientDocNumber}</span>
                </td>
                <td className="num">{formatBs(i.totalCents)}</td>
                <td>{invoiceStateLabel(i.state)}</td>
                <td>
                  <button type="button" data-testid="central-invoice-pdf" onClick={() => void openPdf(i.tillId, i.id)}>
                    PDF
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && page.items.length === 0 && <p className="muted">Ninguna factura coincide.</p>}
    </section>
  );
}

export function Dashboard() {
  const [me, setMe] = useState<CentralSession | null>(null);
  const [today, setToday] = useState<SalesToday | null>(null);
  const [byDay, setByDay] = useState<SalesByDay | null>(null);
  const [tills, setTills] = useState<TillOverview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session.key()) centralApi.session().then(setMe, () => session.clear());
  }, []);

  const refresh = useCallback(async () => {
    try {
      const [t, d, o] = await Promise.all([centralApi.salesToday(), centralApi.salesByDay(), centralApi.tills()]);
      setToday(t);
      setByDay(d);
      setTills(o);
      setError(null);
    } catch (err) {
      if (err instanceof CentralApiError && err.status === 401) {
        session.clear();
        setMe(null);
      }
      setError(centralErrorText(err));
    }
  }, []);

  const revoke = async (tillId: string, name: string) => {
    if (!window.confirm(`¿Revocar la credencial de «${name}»? La caja dejará de sincronizar con Kipu Central hasta que se le configure una credencial nueva.`)) return;
    try {
      await centralApi.revokeTill(tillId);
      await refresh();
    } catch (err) {
      setError(centralErrorText(err));
    }
  };

  useEffect(() => {
    if (!me) return;
    void refresh();
    const t = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(t);
  }, [me, refresh]);

  if (!me) return <Login onLogin={setMe} />;
  return (
    <>
      <header>
        <strong>Kipu Central · {me.name}</strong>
        <span>
          NIT {me.nit}{' '}
          <button type="button" data-testid="central-logout" onClick={() => (session.clear(), setMe(null))}>
            Salir
          </button>
        </span>
      </header>
      <main>
        {error && <p className="error">{error}</p>}
        <section>
          <h2>Ventas de hoy ({formatDate(today?.date ?? me.today)}), netas de devoluciones y anulaciones</h2>
          <p className="big" data-testid="central-today-total" data-cents={today?.totalCents ?? 0} data-invoices={today?.invoices ?? 0}>
            {formatBs(today?.totalCents ?? 0)} <span className="muted">· {countOf(today?.invoices ?? 0, 'factura')}</span>
          </p>
          <p className="muted" data-testid="central-today-breakdown">
            Ventas {formatBs(today?.grossCents ?? 0)} - devoluciones {formatBs(today?.returnsCents ?? 0)} ({countOf(today?.returns ?? 0, 'nota de crédito-débito', 'notas de crédito-débito')}); las facturas anuladas no cuentan.
          </p>
          <table>
            <thead>
              <tr>
                <th>Sucursal</th>
                <th>Caja</th>
                <th className="num">Facturas</th>
                <th className="num">Devoluciones</th>
                <th className="num">Total neto</th>
              </tr>
            </thead>
            <tbody>
              {today?.rows.map((r) => (
                <tr key={r.tillId + r.branchCode} data-testid="central-today-row" data-till={r.tillId}>
                  <td>{r.storeName}</td>
                  <td>{r.tillName}</td>
                  <td className="num">{r.invoices}</td>
                  <td className="num">{formatBs(0 - r.returnsCents)}</td>
                  <td className="num">{formatBs(r.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section>
          <h2>Ventas por día (30 días)</h2>
          {byDay && <SalesChart data={byDay} />}
        </section>
        <section>
          <h2>Cajas</h2>
          <table>
            <thead>
              <tr>
                <th>Caja</th>
                <th>Punto de venta</th>
                <th>Modo</th>
                <th className="num">En cola</th>
                <th>Último contacto</th>
                <th>CUFD vence</th>
                <th>Certificado vence</th>
                <th>Credencial</th>
              </tr>
            </thead>
            <tbody>
              {tills?.tills.flatMap((t) =>
                (t.pointsOfSale.length ? t.pointsOfSale : [null]).map((p, i) => (
                  <tr
                    key={t.tillId + (p?.posId ?? '')}
                    data-testid="central-till-row"
                    data-till={t.tillId}
                    data-mode={p?.mode ?? ''}
                    data-queued={p?.queued ?? 0}
                    data-revoked={String(t.revoked !== null)}
                    className={t.revoked ? 'revoked' : undefined}
                  >
                    <td>{t.name}</td>
                    <td>{p ? `Sucursal ${p.branchCode} · PV ${p.code} ${p.name}` : '—'}</td>
                    <td className={p ? `mode-${p.mode}` : ''}>{p ? MODE_LABELS[p.mode] : '—'}</td>
                    <td className="num">{p?.queued ?? 0}</td>
                    <td>{formatDateTime(t.lastContact)}</td>
                    <td>{formatDateTime(p?.cufdExpiresAt)}</td>
                    <td>{formatDate(t.certificateExpiresAt)}</td>
                    <td>
                      {i > 0 ? null : t.revoked ? (
                        <span data-testid="central-till-revoked" title={t.revoked.reason ?? undefined}>
                          Revocada el {formatDateTime(t.revoked.at)} <span className="muted">({t.revoked.by})</span>
                        </span>
                      ) : (
                        <button type="button" data-testid="central-till-revoke" onClick={() => void revoke(t.tillId, t.name)}>
                          Revocar
                        </button>
                      )}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </section>
        <Search />
      </main>
    </>
  );
}
