// The chat's answer as one Spanish text (seed: POST /ai/chat answers a string), built from the
// assistant's result: the best card whole with its reference and date, the administrator's passage
// whole with its file, or the error guide's explanation and steps. Nothing is generated: when no
// card fits, the answer says so and names the nearest cards. Pure.
// Runs in: engine.
import type { AskResult, AssistantHit } from './assistant';
import { clip } from '../../shared/trim-end';
import { topicsEs } from '../../shared/topics-list';

/** "2026-11-24" → "24/11/2026" (es-BO). */
export function dateEs(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function nearest(r: AskResult, lead: string): string[] {
  const titles = r.cercanas.map((h) => `«${h.titulo}»`);
  return titles.length > 0 ? [`${lead} ${titles.join(', ')}.`] : [];
}

/** One card of an answer: its title, its rule whole, where to check it and when Kipu reviewed it. */
function cardText(h: AssistantHit): string[] {
  return [h.titulo, h.texto, `Referencia: ${h.referencia}`, `Vigente al ${dateEs(h.vigenteAl!)}.`];
}

/** Kipu's note under every card answer: the cards are Kipu's words, the reference is the source. */
function cardsNote(corpusVersion: string): string {
  return `Fichas de Kipu ${corpusVersion}: redactadas por Kipu, no son texto oficial; «Vigente al» es la fecha en que Kipu revisó la ficha. Ante una duda, verifique en la referencia.`;
}

export function chatText(question: string, r: AskResult, corpusVersion: string): string {
  switch (r.tipo) {
    case 'ficha': {
      // A question about several things gets each card whole, each with its own reference.
      const parts = r.respuestas.map((h) => cardText(h).join('\n\n'));
      return [parts.join('\n\n———\n\n'), cardsNote(corpusVersion), ...nearest(r, 'Fichas relacionadas:')].join('\n\n');
    }
    case 'pasaje': {
      return [
        ...r.respuestas.map((h) => [`Según ${h.fuente} (${h.titulo}), texto instalado por el administrador:`, h.texto].join('\n\n')),
        ...nearest(r, 'Fichas relacionadas:'),
      ].join('\n\n');
    }
    case 'guia': {
      const g = r.guia;
      return [
        `Código SIAT ${g.codigo}: ${g.descripcionSiat}`,
        g.explicacion,
        ['Qué hacer:', ...g.pasos.map((p, i) => `${i + 1}. ${p}`)].join('\n'),
        `Fuente: ${g.conocido ? 'tabla de códigos de SIAT (texto de SIAT); explicación y pasos de Kipu' : 'el mensaje recibido; Kipu no conoce este código'}.`,
        ...nearest(r, 'Fichas relacionadas:'),
      ].join('\n\n');
    }
    case 'sin-palabras':
      return 'La pregunta no tiene palabras que se puedan buscar. Escriba de qué trata, por ejemplo: «plazo para anular una factura».';
    case 'sin-respuesta':
      if (r.fueraDeAlcance.length > 0) {
        return [
          `No tengo fichas sobre ${topicsEs(r.fueraDeAlcance)}. No invento normas.`,
          'El asistente de Kipu conoce la facturación del SIN (SIAT), el IVA y el IT de las ventas, los libros del mes y lo que hace Kipu. Consulte con su contador o con la institución que corresponda.',
        ].join('\n\n');
      }
      return [
        `No encontré una ficha que responda a «${clip(question.trim(), 200)}». No invento normas.`,
        ...nearest(r, 'Las fichas más cercanas son:'),
        'Reformule la pregunta o consulte la normativa vigente del SIN.',
      ].join('\n\n');
  }
}
