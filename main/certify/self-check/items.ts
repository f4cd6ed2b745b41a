// The SIN's Phase II inspection checklist (docs/siat/certification.md, "Phase II inspection
// checklist", 14 items), each judged from facts Kipu holds: its own rules run on a sample (the
// same functions the sale path uses), its settings, and what it has issued. Pure: facts.ts
// gathers the facts.
// An item is 'falla' when Kipu would show an inspector the wrong thing (naming the evidence),
// 'pendiente' when a configuration step is left before the inspection, 'no aplica' when the
// taxpayer does not have what the item is about.
import type { InspectionFindings, FoundInvoice } from '../../store/certification';
import type { CatalogItem } from '../../store/catalogs';
import { maskCardNumber } from '../../invoicing/sale-input';
import { planPayments } from '../../invoicing/payments';
import { cancellationTerm } from '../../siat/cancellation-window';
import { CAFC_TRANSCRIPTION_LIMIT_MS } from '../../contingency/cafc-transcription';
import { HOUR_MS } from '../../contingency/limits';
import { fromBoliviaIso } from '../../../shared/time';
import { mapEvents, EventMappingError } from '../event-mapping';

export type { CheckItem } from '../../../shared/api/certification';
import type { CheckItem } from '../../../shared/api/certification';

export interface InspectionFacts {
  /** SIAT's clock, Bolivia time 'yyyy-MM-ddTHH:mm:ss.SSS'. */
  ahora: string;
  findings: InspectionFindings;
  paymentMethods: readonly CatalogItem[];
  significantEvents: readonly CatalogItem[];
  /** Legends synced for the taxpayer's first activity. */
  legends: readonly CatalogItem[];
  /** The document sectors the taxpayer issues (declared or enabled). */
  sectors: readonly number[];
  /** SMTP configured (tenant or engine), and the public address links are given with. */
  smtp: boolean;
  publicUrl: string | null;
  /** The background scheduler (contingency monitor, recovery) runs in the serving engine. */
  automaticContingency: boolean;
}

/** SIAT's offline packages: 48 h after the contingency ends (CONTRACT §5.4, SIAT 983). */
export const PACKAGE_TERM_MS = 48 * HOUR_MS;

/** Sectors of the foreign-exchange business (item 7): "compra y venta de moneda extranjera". */
const EXCHANGE_SECTORS = new Set([9]);

const inv = (f: FoundInvoice) => `factura N° ${f.number} del ${f.fecha.slice(8, 10)}/${f.fecha.slice(5, 7)}/${f.fecha.slice(0, 4)} (CUF ${f.cuf.slice(0, 16)}…)`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const fromFound = (list: readonly FoundInvoice[], what: (f: FoundInvoice) => string) => list.map((f) => `${inv(f)}: ${what(f)}`);

function nominativity(f: InspectionFacts): CheckItem {
  const bad = [...fromFound(f.findings.sinDocumento, (x) => `documento «${x.doc}» (sin número de documento)`), ...fromFound(f.findings.especialSinExcepcion, (x) => `código especial ${x.doc} sin la marca de excepción de SIAT`)];
  return {
    item: 1,
    titulo: 'Nominatividad: toda venta lleva el documento del comprador',
    estado: bad.length ? 'falla' : 'ok',
    evidencia: bad.length
      ? [...bad, 'Use 99002 CONTROL TRIBUTARIO (o 99001, 99003) como NIT, marcado como excepción de SIAT: la caja lo hace con F5 «Sin documento»']
      : ['Ninguna factura emitida sin documento; el cliente rápido de la caja (F5) es 99002 CONTROL TRIBUTARIO como NIT, marcado como excepción de SIAT (Kipu lo marca solo para 99001–99003)'],
  };
}

function zeroAmount(f: InspectionFacts): CheckItem {
  const bad = fromFound(f.findings.montoCeroSinGift, () => 'monto total 0 sin gift card');
  return {
    item: 2,
    titulo: 'Ninguna factura por monto 0 salvo pago con gift card',
    estado: bad.length ? 'falla' : 'ok',
    evidencia: bad.length ? bad : ['Ninguna factura emitida por monto 0 sin gift card'],
  };
}

function combinedPayments(f: InspectionFacts): CheckItem {
  if (f.paymentMethods.length === 0) return { item: 3, titulo: 'Pagos combinados con el código de combinación del catálogo', estado: 'pendiente', evidencia: ['No hay métodos de pago sincronizados: sincronice los catálogos'] };
  const catalog = f.paymentMethods.map((p) => ({ codigo: Number(p.codigo), descripcion: p.descripcion }));
  const plan = planPayments(
    [
      { method: 'CASH', amount: 10 },
      { method: 'CARD', amount: 5, cardNumber: '4111111111111111' },
    ],
    catalog,
  );
  if ('problems' in plan) return { item: 3, titulo: 'Pagos combinados con el código de combinación del catálogo', estado: 'falla', evidencia: plan.problems.map((p) => `efectivo + tarjeta: ${p.message}`) };
  const name = catalog.find((c) => c.codigo === plan.paymentMethodCode)?.descripcion ?? '?';
  return { item: 3, titulo: 'Pagos combinados con el código de combinación del catálogo', estado: 'ok', evidencia: [`Efectivo + tarjeta se envía con el código ${plan.paymentMethodCode} «${name}» del catálogo sincronizado`] };
}

function secondLegend(f: InspectionFacts): CheckItem {
  const titulo = 'Segunda leyenda (Ley 453) al azar entre las de la actividad, guardada para la reimpresión';
  if (f.legends.length === 0) return { item: 4, titulo, estado: 'pendiente', evidencia: ['No hay leyendas sincronizadas para la actividad: sincronice los catálogos'] };
  const missing = fromFound(f.findings.sinLeyenda, () => 'sin leyenda guardada');
  const known = new Set(f.legends.map((l) => l.descripcion));
  const foreign = f.findings.leyendasRecientes.filter((l) => l && !known.has(l));
  const evidence = [`${f.legends.length} leyendas sincronizadas para la actividad; cada factura guarda la suya (la reimpresión la repite)`];
  if (f.findings.facturasRecientes > 0) evidence.push(`${f.findings.leyendasRecientes.length} leyendas distintas en las últimas ${f.findings.facturasRecientes} facturas`);
  if (missing.length) return { item: 4, titulo, estado: 'falla', evidencia: missing };
  if (f.legends.length > 1 && f.findings.facturasRecientes >= 20 && f.findings.leyendasRecientes.length === 1) {
    return { item: 4, titulo, estado: 'falla', evidencia: [...evidence, 'Todas las facturas recientes llevan la misma leyenda: no cambia al azar'] };
  }
  // A legend the catalog no longer lists is fine (the catalog changed since); it is shown, not judged.
  if (foreign.length) evidence.push(`${foreign.length} leyenda(s) de facturas recientes ya no están en el catálogo sincronizado`);
  return { item: 4, titulo, estado: 'ok', evidencia: evidence };
}

function thirdLegend(sentences: { online: string; offline: string }): CheckItem {
  const ok = sentences.online !== sentences.offline && /en l[ií]nea/i.test(sentences.online) && /fuera de l[ií]nea/i.test(sentences.offline);
  return {
    item: 5,
    titulo: 'Tercera leyenda según la factura: en línea o fuera de línea',
    estado: ok ? 'ok' : 'falla',
    evidencia: [`En línea: ${sentences.online}`, `Fuera de línea: ${sentences.offline}`],
  };
}

function cardMasking(f: InspectionFacts): CheckItem {
  const sample = maskCardNumber('4111 2222 3333 4444');
  const bad = fromFound(f.findings.tarjetaSinEnmascarar, (x) => `tarjeta guardada como «${x.tarjeta}»`);
  const ruleOk = sample === '4111000000004444';
  return {
    item: 6,
    titulo: 'Número de tarjeta enmascarado: 4 primeros y 4 últimos dígitos, ceros al medio',
    estado: ruleOk && bad.length === 0 ? 'ok' : 'falla',
    evidencia: [`4111 2222 3333 4444 se envía como ${sample ?? '(rechazado)'}`, ...bad],
  };
}

function exchangeRate(f: InspectionFacts): CheckItem {
  const titulo = 'Cambio de divisas: el tipo de cambio de venta va en el precio unitario';
  if (!f.sectors.some((s) => EXCHANGE_SECTORS.has(s))) return { item: 7, titulo, estado: 'no aplica', evidencia: ['El contribuyente no emite el sector de compra y venta de moneda extranjera'] };
  return { item: 7, titulo, estado: 'pendiente', evidencia: ['Kipu no emite aún el sector de cambio de divisas con su formato propio: revíselo antes de la inspección'] };
}

function hoursLeft(f: InspectionFacts, fin: string, termMs: number): number {
  const end = fromBoliviaIso(fin)?.getTime() ?? 0;
  const now = fromBoliviaIso(f.ahora)?.getTime() ?? 0;
  return Math.floor((end + termMs - now) / HOUR_MS);
}

function packagesTerm(f: InspectionFacts, item: 8 | 9): CheckItem {
  const cafc = item === 9;
  const term = cafc ? CAFC_TRANSCRIPTION_LIMIT_MS : PACKAGE_TERM_MS;
  const titulo = cafc ? 'Facturas manuales (CAFC) transcritas y enviadas dentro de las 72 h' : 'Paquetes fuera de línea enviados dentro de las 48 h';
  const pending = f.findings.eventosPendientes.filter((e) => (e.cafc !== null) === cafc && e.porEnviar > 0);
  const late = pending.filter((e) => hoursLeft(f, e.fin, term) < 0);
  const rule = cafc
    ? `Kipu refuerza el plazo: una transcripción más de ${term / HOUR_MS} h después del fin del evento se rechaza y la recuperación envía el paquete al transcribir`
    : `La recuperación envía los paquetes sola al volver SIAT; el plazo es ${term / HOUR_MS} h desde el fin del evento`;
  if (late.length) return { item, titulo, estado: 'falla', evidencia: late.map((e) => `Evento «${e.descripcion}» terminó el ${ddmmyyyy(e.fin)} ${e.fin.slice(11, 16)}: ${e.porEnviar} factura(s) sin enviar, fuera de plazo`) };
  return { item, titulo, estado: 'ok', evidencia: [rule, ...pending.map((e) => `Evento «${e.descripcion}»: ${e.porEnviar} por enviar, quedan ${hoursLeft(f, e.fin, term)} h`)] };
}

function cancellationDay9(f: InspectionFacts): CheckItem {
  const emitted = `${f.ahora.slice(0, 7)}-15T10:00:00.000`;
  const t = cancellationTerm(emitted, 1);
  const ok = t.rule === 'NEXT_MONTH_DAY_9' && t.deadline.slice(8, 10) === '09';
  return {
    item: 10,
    titulo: 'Anulación solo hasta el día 9 del mes siguiente; después el sistema la bloquea',
    estado: ok ? 'ok' : 'falla',
    evidencia: [`Una factura del ${ddmmyyyy(emitted)} se anula hasta el ${ddmmyyyy(t.deadline)} 23:59; después Kipu rechaza la anulación («fuera de plazo») sin consultar a SIAT`],
  };
}

function exportTerm(f: InspectionFacts): CheckItem {
  const emitted = `${f.ahora.slice(0, 10)}T10:00:00.000`;
  const t = cancellationTerm(emitted, 3);
  const days = Math.round((Date.parse(`${t.deadline.slice(0, 10)}T00:00:00Z`) - Date.parse(`${emitted.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  return {
    item: 11,
    titulo: 'Sectores de exportación: plazo de anulación de 180 días',
    estado: t.rule === 'EXPORT_180_DAYS' && days === 180 ? 'ok' : 'falla',
    evidencia: [`Una factura de exportación (sector 3) del ${ddmmyyyy(emitted)} se anula hasta el ${ddmmyyyy(t.deadline)} (${days} días)`],
  };
}

function cafcEvents(f: InspectionFacts): CheckItem {
  const titulo = 'CAFC para los eventos de energía, software y hardware, con transcripción';
  try {
    const mapped = mapEvents(f.significantEvents).filter((e) => e.cafc);
    return { item: 12, titulo, estado: 'ok', evidencia: [...mapped.map((e) => `Evento ${e.codigo} «${e.descripcion}»: facturas manuales con CAFC, transcritas en Estado de conexión → «Facturas manuales (CAFC)»`)] };
  } catch (err) {
    if (err instanceof EventMappingError) return { item: 12, titulo, estado: f.significantEvents.length === 0 ? 'pendiente' : 'falla', evidencia: [err.message] };
    throw err;
  }
}

function delivery(f: InspectionFacts): CheckItem {
  const titulo = 'La representación gráfica y el XML llegan al comprador por correo u otro medio electrónico';
  const ways = [...(f.smtp ? ['correo (SMTP configurado): PDF y XML adjuntos'] : []), ...(f.publicUrl ? [`enlace de descarga en ${f.publicUrl}`] : [])];
  if (ways.length) return { item: 13, titulo, estado: 'ok', evidencia: ways };
  return { item: 13, titulo, estado: 'pendiente', evidencia: ['Ni correo ni dirección pública configurados: configure el correo en Configuración › Correo, o pida a su técnico la dirección pública de Kipu (KIPU_PUBLIC_URL) para enviar enlaces'] };
}

function automaticContingency(f: InspectionFacts): CheckItem {
  const last = f.findings.ultimoEventoAutomatico;
  const evidence = [
    'Kipu entra en contingencia solo cuando SIAT no responde, registra el evento y envía los paquetes al volver (ningún ajuste lo apaga)',
    ...(last ? [`Último evento automático: motivo ${last.motivo}, del ${ddmmyyyy(last.inicio)} ${last.inicio.slice(11, 16)}${last.fin ? ` al ${ddmmyyyy(last.fin)} ${last.fin.slice(11, 16)}` : ' (en curso)'}`] : []),
  ];
  return {
    item: 14,
    titulo: 'Entrada y salida de contingencia y envío de paquetes automáticos',
    estado: f.automaticContingency ? 'ok' : 'falla',
    evidencia: f.automaticContingency ? evidence : ['El motor corre sin su planificador (monitor de conexión y recuperación): la contingencia no sería automática', ...evidence],
  };
}

/** The 14 items in the checklist's order. */
export function inspectionChecklist(f: InspectionFacts, sentences: { online: string; offline: string }): CheckItem[] {
  return [
    nominativity(f),
    zeroAmount(f),
    combinedPayments(f),
    secondLegend(f),
    thirdLegend(sentences),
    cardMasking(f),
    exchangeRate(f),
    packagesTerm(f, 8),
    packagesTerm(f, 9),
    cancellationDay9(f),
    exportTerm(f),
    cafcEvents(f),
    delivery(f),
    automaticContingency(f),
  ];
}

/** Passed when no item failed (pending configuration is listed, not a failure). */
export const checklistPassed = (items: readonly CheckItem[]) => items.every((i) => i.estado !== 'falla');
