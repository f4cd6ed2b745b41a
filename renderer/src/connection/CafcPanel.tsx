// Facturas manuales (CAFC): the manager transcribes the paper invoices of a CAFC booklet written
// during an event of motive 5–7 (CONTRACT §5.3). One line per paper invoice (its number, date and
// time, client and one product by code); "Enviar a SIAT" registers the event and sends the
// package; SIAT's verdict per invoice shows below. Keyboard: Enter in the product field adds the
// invoice; Ctrl+Enter sends.
import { useEffect, useState } from 'react';
import type { CafcEvent, ManualInvoice } from '../../../shared/api-types';
import { formatBs, fromHundredths, multiply, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { DateInput } from '../components/DateInput';
import { ErrorList } from '../components/ErrorList';
import { parseQuantity } from '../format/amount-input';
import { formatDateTime } from '../format/dates';
import { countOf, invoiceStateLabel } from '../format/labels';

const MOTIVES = [
  { code: 5, label: '5 – Corte de suministro de energía eléctrica' },
  { code: 6, label: '6 – Virus informático o falla de software' },
  { code: 7, label: '7 – Cambio de infraestructura o falla de hardware' },
];

// Dates are yyyy-mm-ddThh:mm from the dd/mm/aaaa hh:mm fields, '' when empty, null while unreadable.
const emptyLine: { invoiceNumber: string; emissionDate: string | null; docNumber: string; name: string; code: string; quantity: string } = {
  invoiceNumber: '',
  emissionDate: '',
  docNumber: '',
  name: '',
  code: '',
  quantity: '1',
};

export function CafcPanel({ posId }: { posId: string }) {
  const [cafc, setCafc] = useState('');
  const [motive, setMotive] = useState(5);
  const [start, setStart] = useState<string | null>('');
  const [end, setEnd] = useState<string | null>('');
  const [line, setLine] = useState(emptyLine);
  const [invoices, setInvoices] = useState<ManualInvoice[]>([]);
  const [events, setEvents] = useState<CafcEvent[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () => api.cafcEvents(posId).then(setEvents, (err) => setErrors(describeError(err)));
  useEffect(() => {
    void reload();
    const t = setInterval(() => void reload(), 3000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [posId]);

  const addInvoice = async () => {
    setErrors([]);
    const n = Number(line.invoiceNumber);
    if (!Number.isInteger(n) || n < 1) return setErrors(['N° de factura: un número entero del talonario']);
    if (line.emissionDate === null) return setErrors(['Fecha y hora de la factura: escriba dd/mm/aaaa hh:mm, una fecha que exista']);
    if (!line.emissionDate) return setErrors(['Fecha y hora de la factura: obligatorias']);
    const emissionDate = line.emissionDate;
    const hundredths = parseQuantity(line.quantity);
    if (hundredths === null) return setErrors(['Cantidad: un número mayor que cero, con 2 decimales como máximo']);
    const quantity = fromHundredths(hundredths);
    try {
      const p = await api.productLookup(line.code.trim());
      setInvoices((list) => [
        ...list,
        {
          invoiceNumber: n,
          emissionDate,
          clientDocumentType: 1,
          clientDocumentNumber: line.docNumber.trim() || '0',
          clientBusinessName: line.name.trim() || 'S/N',
          clientCode: line.docNumber.trim() || 'SN',
          paymentMethodCode: 1,
          details: [{ activityEconomic: p.activityEconomic, codeProductSin: p.codeProductSin, codeProduct: p.code, description: p.description, quantity, unitMeasure: p.unitMeasure, priceUnit: p.priceUnit }],
        },
      ]);
      setLine({ ...emptyLine, emissionDate: line.emissionDate, invoiceNumber: String(n + 1) });
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const send = async () => {
    setErrors([]);
    setInfo(null);
    const unread = [start === null && 'Inicio del evento', end === null && 'Fin del evento'].filter((x): x is string => !!x);
    if (unread.length > 0) return setErrors(unread.map((f) => `${f}: escriba dd/mm/aaaa hh:mm, una fecha que exista`));
    setBusy(true);
    try {
      const e = await api.transcribeCafc({ posId, cafc: cafc.trim(), eventMotive: motive, eventStart: start ?? '', eventEnd: end ?? '', invoices });
      setInfo(`Evento registrado: ${countOf(e.invoices.length, 'factura')} del CAFC ${e.cafc} en camino a SIAT (plazo hasta ${formatDateTime(e.sendBefore)}).`);
      setInvoices([]);
      void reload();
    } catch (err) {
      setErrors(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="panel"
      data-testid="cafc-panel"
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.ctrlKey && invoices.length > 0 && !busy) {
          e.preventDefault();
          void send();
        }
      }}
    >
      <h3>Facturas manuales (CAFC)</h3>
      <p className="muted small">
        Sin energía, sin equipo o con el sistema caído se factura a mano con el talonario CAFC. Al volver, transcriba cada factura con su número y la fecha y
        hora escritas: Kipu registra el evento en SIAT y envía el paquete. Plazo: 72 horas desde el fin del evento.
      </p>
      <div className="row align-top">
        <label>
          CAFC <input data-testid="cafc-code" value={cafc} onChange={(e) => setCafc(e.target.value)} placeholder="13 caracteres del talonario" autoComplete="off" />
        </label>
        <label>
          Motivo{' '}
          <select data-testid="cafc-motive" value={motive} onChange={(e) => setMotive(Number(e.target.value))}>
            {MOTIVES.map((m) => (
              <option key={m.code} value={m.code}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Inicio <DateInput withTime label="Inicio del evento" testId="cafc-start" value={start} onChange={setStart} />
        </label>
        <label>
          Fin <DateInput withTime label="Fin del evento" testId="cafc-end" value={end} onChange={setEnd} />
        </label>
      </div>
      <form
        className="row align-top"
        onSubmit={(e) => {
          e.preventDefault();
          void addInvoice();
        }}
      >
        <input data-testid="cafc-number" placeholder="N° talonario" value={line.invoiceNumber} onChange={(e) => setLine({ ...line, invoiceNumber: e.target.value })} />
        <DateInput withTime label="Fecha y hora de la factura" testId="cafc-date" value={line.emissionDate} onChange={(v) => setLine((l) => ({ ...l, emissionDate: v }))} />
        <input data-testid="cafc-doc" placeholder="CI/NIT (vacío: S/N)" value={line.docNumber} onChange={(e) => setLine({ ...line, docNumber: e.target.value })} />
        <input data-testid="cafc-name" placeholder="Nombre o razón social" value={line.name} onChange={(e) => setLine({ ...line, name: e.target.value })} />
        <input data-testid="cafc-product" placeholder="Código de producto" value={line.code} onChange={(e) => setLine({ ...line, code: e.target.value })} />
        <input data-testid="cafc-quantity" placeholder="Cantidad" value={line.quantity} onChange={(e) => setLine({ ...line, quantity: e.target.value })} />
        <button type="submit" data-testid="cafc-add">
          Agregar factura
        </button>
      </form>
      {invoices.length > 0 && (
        <table className="grid compact" data-testid="cafc-draft">
          <tbody>
            {invoices.map((i) => (
              <tr key={i.invoiceNumber}>
                <td className="num mono">{i.invoiceNumber}</td>
                <td>{formatDateTime(i.emissionDate)}</td>
                <td>{i.clientBusinessName}</td>
                <td>{i.details[0]!.description}</td>
                <td className="num">{formatBs(multiply(toHundredths(i.details[0]!.quantity) ?? 0, toHundredths(i.details[0]!.priceUnit) ?? 0))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button className="primary" data-testid="cafc-send" disabled={busy || invoices.length === 0} onClick={() => void send()}>
        {busy ? 'Enviando…' : `Enviar a SIAT (${invoices.length}) · Ctrl+Enter`}
      </button>
      {info && <div className="ok-box" data-testid="cafc-info">{info}</div>}
      <ErrorList errors={errors} testId="cafc-errors" />
      {events.length > 0 && (
        <ul className="events" data-testid="cafc-events">
          {events.map((e) => (
            <li key={e.eventId} data-testid="cafc-event" data-state={e.state}>
              CAFC {e.cafc} · motivo {e.eventMotive} · {formatDateTime(e.eventStart)} → {formatDateTime(e.eventEnd)} · {e.state === 'CLOSED' ? 'enviado' : 'enviando'}
              {e.siatEventCode !== null && ` · SIAT ${e.siatEventCode}`}
              <ul>
                {e.invoices.map((i) => (
                  <li key={i.id} data-testid="cafc-invoice" data-state={i.state}>
                    N° {i.invoiceNumber}: {invoiceStateLabel(i.state as Parameters<typeof invoiceStateLabel>[0])}
                    {i.siatMessages.map((m) => ` · SIAT ${m.codigo}: ${m.descripcion}`).join('')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
