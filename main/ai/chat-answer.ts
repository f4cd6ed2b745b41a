// The chat's answer as one Spanish text (seed: POST /ai/chat answers a string), built from the
// assistant's result: the best card whole with its reference and date, the administrator's passage
// whole with its file, or the error guide's explanation and steps. Nothing is generated: when no
// card fits, the answer says so and names the nearest cards. Pure.
// Runs in: engine.
import type { AskResult } from './assistant';

/** "2026-11-24" → "24/11/2026" (es-BO). */
export function dateEs(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

function nearest(r: AskResult, lead: string): string[] {
  const titles = r.cercanas.map((h) => `«${h.titulo}»`);
  return titles.length > 0 ? [`${lead} ${titles.join(', ')}.`] : [];
}

export function chatText(question: string, r: AskResult, corpusVersion: string): string {
  switch (r.tipo) {
    case 'ficha': {
      const h = r.hit;
      return [
        h.titulo,
        h.texto,
        `Referencia: ${h.referencia}`,
        `Vigente al ${dateEs(h.vigenteAl!)} (fecha en que Kipu revisó esta ficha; fichas de Kipu ${corpusVersion}, redactadas por Kipu, no son texto oficial: ante una duda, verifique en la fuente).`,
        ...nearest(r, 'Fichas relacionadas:'),
      ].join('\n\n');
    }
    case 'pasaje': {
      const h = r.hit;
      return [`Según ${h.fuente} (${h.titulo}), texto instalado por el administrador:`, h.texto, ...nearest(r, 'Fichas relacionadas:')].join('\n\n');
    }
    case 'guia': {
      const g = r.guia;
      return [
        `Código SIAT ${g.codigo}: ${g.descripcionSiat}`,
        g.explicacion,
        ['Qué hacer:', ...g.pasos.map((p, i) => `${i + 1}. ${p}`)].join('\n'),
        ...nearest(r, 'Fichas relacionadas:'),
      ].join('\n\n');
    }
    case 'sin-palabras':
      return 'La pregunta no tiene palabras que se puedan buscar. Escriba de qué trata, por ejemplo: «plazo para anular una factura».';
    case 'sin-respuesta':
      return [
        `No encontré una ficha que responda a «${clip(question.trim(), 200)}». No invento normas.`,
        ...nearest(r, 'Las fichas más cercanas son:'),
        'Reformule la pregunta o consulte la normativa vigente del SIN.',
      ].join('\n\n');
  }
}
