// Finds a SIAT status or message code in a cashier's question ("¿Qué hago si SIAT responde
// 902?"), so the chat answers it with the error guide instead of searching the cards. Amounts and
// counts that happen to be codes ("más de 3000 bolivianos", "500 facturas", "1000 unidades") are
// not codes. Pure.
// Runs in: engine.
import { normalizeWord } from './query-terms';

/** Words that, right after a number, make it a quantity and not a code. */
const UNIT_AFTER = /^\s*(bs\b|bolivianos?|pesos|dolares|usd|\$|%|por ciento|facturas?|lineas?|items?|productos?|unidades|articulos?|horas?|h\b|dias?|meses|anos?|mb|megas?|caracteres|digitos)/;
/** Words that, right before a number, make it an amount. */
const UNIT_BEFORE = /(bs\.?|\$|us\$|de|los|las|mas de|menos de|hasta)\s*$/;
/** Words that say the question is about a code SIAT answered. */
const CODE_WORDS = /\b(codigo|cod|error|siat|impuestos|responde|respondio|rechaz\w*|mensaje|sale|salio|dice|advertencia|estado|aparece)\b/;

/** The first code of the question that `known` accepts, or null. */
export function siatCodeIn(question: string, known: (code: number) => boolean): number | null {
  const text = normalizeWord(question);
  const hasCodeWord = CODE_WORDS.test(text);
  for (const m of text.matchAll(/(?<![\d.,])(\d{3,4})(?!\d|[.,]\d)/g)) {
    const code = Number(m[1]);
    if (!known(code)) continue;
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const after = text.slice(m.index + m[1]!.length);
    if (UNIT_AFTER.test(after)) continue;
    // 901–1061 are SIAT's states and rejections: a bare number in that range is a code, unless it
    // reads as an amount. Warnings (2000–3012) and 123 need a word that says "code" and must not
    // read as an amount («¿impuestos acepta ci 0 hasta 3000?» is the Bs 3.000 rule, not 3000).
    const inRejections = code >= 901 && code <= 1061;
    if (inRejections && (hasCodeWord || !UNIT_BEFORE.test(before))) return code;
    if (!inRejections && hasCodeWord && !UNIT_BEFORE.test(before)) return code;
  }
  return null;
}
