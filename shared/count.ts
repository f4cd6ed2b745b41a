// A count with its noun in the right number, for every sentence a person reads (till, engine
// messages, printed reports): counts built with a bare plural read "1 líneas".

/**
 * "1 línea", "3 líneas", "0 facturas". Spanish adds "s" after a vowel and "es" after a consonant
 * ("1 error", "2 errores"); an irregular plural or a phrase ("compra registrada") is passed whole.
 */
export function countOf(n: number, singular: string, pluralForm?: string): string {
  const plural = pluralForm ?? (/[aeiouáéó]$/i.test(singular) ? `${singular}s` : `${singular}es`);
  return `${groupDigits(n)} ${n === 1 ? singular : plural}`;
}

/** An integer with thousands as amounts are written (es-BO): "1.250", "4.000.000". */
export function groupDigits(n: number): string {
  // eslint-disable-next-line regexp/no-super-linear-move -- an integer's own digits (at most ~22 characters), never user text
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}${digits}`;
}
