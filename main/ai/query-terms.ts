// From Spanish text to the terms of the lexical (BM25) ranking: stopwords are dropped and each
// word is cut to a light stem, so "anular", "anulación" and "anulaciones" meet, and "envío" finds
// "enviar" (retrieval.ts also matches stems by prefix). No model, no dictionary download. Pure.
// Runs in: engine.

/** Spanish function words and question words that carry no search meaning. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante antes aqui asi aun cada como con contra cual cuales cualquier cuando cuanta cuantas ' +
    'cuanto cuantos de debe deben debo del desde donde dos e el ella ellas ello ellos en entre era eran es esa esas ese eso esos esta estan ' +
    'estar estas este esto estos fue fueron ha hace hacer hacerlo han hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos ' +
    'nosotros o os otra otras otro otros para pero poco por porque puede pueden puedo que se segun ser si sido sin sobre son ' +
    'su sus tal tambien tan tanto te tiene tienen tengo ti tu tus un una unas uno unos usted ustedes y ya yo ' +
    // Verbs that phrase a question and name no topic ("¿cuántas entran?", "¿qué pongo?", "¿para qué
    // sirve?"): rare in the cards, so BM25 weighed them above the topic (issue 31: "cuántas facturas
    // entran en un paquete de contingencia" went to the one card whose question says "entran").
    'entra entran entrar va van cabe caben caber pongo poner pone ponen hago hacemos uso usar usa usan usamos ' +
    'sale salen salir sirve sirven significa pasa pasar entro ' +
    // Giving and having to, as a store phrases it ("¿qué factura le doy?", "¿cuánto me toca pagar?"),
    // and the fillers of a chat message ("xfa", "nomás", "pues", "oiga"): counted as words no card
    // knows they made a short question look off-topic and refused the right card (held-in sets 8–9,
    // decision 0085).
    'soy somos tenemos estoy estamos doy damos dan toca tocan xfa porfa porfavor favor nomas pues oiga oye hola buenas buenos ayudeme ayudame disculpe lic jefe ok ' +
    // Quantifiers, possessives and connectives a chat adds ("en toda la zona", "la mía", "aunque",
    // "ahora", "igual le facturo"): no card is about them, and as words they met whichever card
    // happened to say "todo" or "ahora" (held-in set 10, decision 0091).
    'todo toda todos todas mio mia mios mias nuestro nuestra nuestros nuestras aunque ahora igual bien aca alla entonces ' +
    // The time of day a message mentions ("hoy", "ahorita") and "afecta", a verb that phrases a question.
    'hoy ayer ahorita rato afecta afectan ' +
    // How a chat addresses someone and fills a sentence ("señora", "joven", "el tema de", "en modo
    // …", "me dijo", "quisiera"): words the cards never use, so as stopwords they change no card's
    // statistics, and as words no card knows they made a short question look off-topic (held-in set
    // 12, decision 0098).
    'senor senora senores senorita don dona joven amigo amiga hermano chango mami papi gracias mire mira fijese digame ' +
    'lado lados dijo dijeron sean dio toco modo alguien viene vienen ahi alli tema asunto osea nose sabia quisiera queria'
  ).split(' '),
);

/** Words after a number that make it an amount (a detail of the question, not a code). */
const CURRENCY: ReadonlySet<string> = new Set(['bs', 'bob', 'bolivianos', 'boliviano', 'pesos', 'peso', 'dolares', 'dolar', 'sus', 'usd']);
const CURRENCY_IN_TEXT = /\b(?:bs|bob|bolivian[oa]s?|d[oó]lar(?:es)?|usd|sus|pesos?)\b/i;
/** Words before a number that make it the name of a till or branch (a detail, not a code). */
const TILLS: ReadonlySet<string> = new Set(['pv', 'caja', 'cajas', 'sucursal', 'punto']);

/**
 * The question's numbers that are details, not its topic: `details`, a number of one or two digits
 * (retrieval.ts keeps one a card knows); `amounts`, one followed by a currency word ("50 bs"), which
 * meets a card only where the cards write that amount as an amount ("Bs 3.000", "Bs 0": `writtenAmounts`),
 * not where they name the number otherwise ("ventitas de 5 bs" is not Evento 5, "200 bs" not the
 * Formulario 200); `tills`, a till's or branch's number ("el PV 2", "la caja 1": not motivo 2 or
 * Evento 1), never a word (decision 0100).
 */
export function numberDetails(question: string): { details: Set<string>; amounts: Set<string>; tills: Set<string> } {
  const ws = words(question);
  const amounts = new Set(ws.filter((w, i) => /^\d+$/.test(w) && CURRENCY.has(ws[i + 1] ?? '')));
  const tills = new Set(ws.filter((w, i) => /^\d{1,2}$/.test(w) && TILLS.has(ws[i - 1] ?? '')));
  return { details: new Set(ws.filter((w) => /^\d{1,2}$/.test(w))), amounts, tills };
}

/** The amounts a text writes as amounts: after "Bs" or before a currency word, thousands' dots dropped ("Bs 3.000" → 3000). */
export function writtenAmounts(text: string): string[] {
  // Most texts name no currency: not split into words again (an administrator's 10,000 passages).
  if (!/\d/.test(text) || !CURRENCY_IN_TEXT.test(text)) return [];
  const ws = words(text.replace(/(\d)\.(?=\d{3}\b)/g, '$1'));
  return ws.filter((w, i) => /^\d+$/.test(w) && (ws[i - 1] === 'bs' || CURRENCY.has(ws[i + 1] ?? '')));
}

const MAX_TERMS = 16;
const MIN_STEM = 3;

/**
 * Two-letter acronyms a store uses as words: IT (impuesto a las transacciones), CI (carnet), QR,
 * PV (punto de venta), NC/ND (notas). Other words under 3 letters carry no search meaning; these
 * do, and dropping them made "¿cuánto es el IT?" match a card on its other word (issue 31).
 */
export const ACRONYMS: ReadonlySet<string> = new Set(['it', 'ci', 'qr', 'pv', 'nc', 'nd']);

/** Lower case without accents: "Anulación" → "anulacion" (as the index's unicode61 remove_diacritics 2 sees it). */
export function normalizeWord(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The short forms a chat message uses for a word ("q factura", "pa q sirve", "xq", "nro"): read as
 * the word, so a thesaurus phrase written with it ("que factura") and a card that says "número"
 * meet them. Only forms that are never a word of their own in a store's question ("x" is kept: "3 x
 * 3 cm").
 */
const CHAT_FORMS: ReadonlyMap<string, string> = new Map([
  ['q', 'que'],
  ['k', 'que'],
  ['ke', 'que'],
  ['xq', 'porque'],
  ['pq', 'porque'],
  ['xk', 'porque'],
  ['pa', 'para'],
  ['pal', 'para el'],
  ['d', 'de'],
  ['tb', 'tambien'],
  ['tmb', 'tambien'],
  ['nro', 'numero'],
  ['num', 'numero'],
  ['ud', 'usted'],
  ['uds', 'ustedes'],
  // More of a WhatsApp message's short forms (held-in set 12, decision 0098).
  ['dnd', 'donde'],
  ['cdo', 'cuando'],
  ['qdo', 'cuando'],
  ['xa', 'para'],
  ['fact', 'factura'],
  ['facts', 'facturas'],
  ['msj', 'mensaje'],
  ['kiero', 'quiero'],
  ['kiere', 'quiere'],
  ['kieren', 'quieren'],
  ['kien', 'quien'],
  ['aki', 'aqui'],
  ['ago', 'hago'],
  ['ise', 'hice'],
]);

/** A carnet's complement as a cashier types it: a digit and a letter ("1A", "2B"). */
const COMPLEMENT = /^\d[a-z]$/;

/**
 * The words of a text, normalized: a chat's short forms read as the word they stand for, and a
 * complement typed as it is printed ("el carnet con 1A") as the word "complemento".
 */
export function words(text: string): string[] {
  const ws = (normalizeWord(text).match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
  if (!ws.some((w) => CHAT_FORMS.has(w) || COMPLEMENT.test(w))) return ws;
  return ws.flatMap((w) => (COMPLEMENT.test(w) ? ['complemento'] : (CHAT_FORMS.get(w)?.split(' ') ?? [w])));
}

/**
 * A light Spanish stem: -ción/-ciones, plurals, a final vowel and infinitive endings are cut,
 * never below 3 letters. "contingencias" → "contingenci", "paquetes" → "paquet", "enviar" → "envi".
 * Four-letter words lose their final vowel too, so "pago" and "paga" meet (issue 31: "¿el IT lo
 * pago yo?" missed the IT card, which says "se paga").
 */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  let w = word;
  const cut = (n: number) => {
    if (w.length - n >= MIN_STEM) w = w.slice(0, -n);
  };
  // Past and gerund forms a store types ("cortaron", "vendiendo", "mandamos") go to the verb's
  // root, where the cards' own forms ("corte", "vender", "mandar") meet them (decision 0085).
  // An enclitic pronoun after an infinitive goes ("mandarlas" → "mandar", "anularla" → "anular"),
  // as the thesaurus already reads it: as a word of its own no card knew it (decision 0091).
  const clitic = /^(.{3,}[aei]r)(la|lo|las|los|le|les|me|nos)$/.exec(w);
  if (clitic) w = clitic[1]!;
  const verb = /(ieron|aron|iendo|ando|amos|emos|imos)$/.exec(w);
  if (verb && w.length - verb[0].length >= 4) return w.slice(0, -verb[0].length);
  if (w.length > 6 && w.endsWith('ciones')) cut(6);
  else if (w.length > 5 && w.endsWith('cion')) cut(4);
  else if (w.length > 5 && w.endsWith('es')) cut(2);
  else if (w.length > 4 && w.endsWith('s')) cut(1);
  if (w.length > 5 && /(ar|er|ir)$/.test(w)) cut(2);
  else if (w.length > 3 && /[aeio]$/.test(w)) cut(1);
  return w;
}

/** The search words of a text, unstemmed, in order: stopwords and 1–2 letter words dropped, numbers and acronyms kept. */
export function searchWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w) && (w.length >= 3 || /^\d+$/.test(w) || ACRONYMS.has(w)));
}

/** The search stems of a text, in order, repeats kept (term frequency). */
export function analyze(text: string): string[] {
  return searchWords(text).map(stem);
}

/** The distinct search stems of a question, in order, at most MAX_TERMS. */
export function queryTerms(question: string): string[] {
  return [...new Set(analyze(question))].slice(0, MAX_TERMS);
}

/** The content words of a text (stopwords dropped), unstemmed: what the character n-grams compare. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w));
}

/**
 * The plain word a diminutive or a superlative stands for ("ventitas" → "ventas", "chiquitas" →
 * "chicas", "tiendita" → "tienda", "larguísimo" → "largo", "carísima" → "cara"; decision 0100), or
 * null when the word does not end like one. Only a candidate: "solicita" or "credito" end the same
 * way, so the caller keeps it only when the corpus knows the plain word and not the word as typed
 * (retrieval.ts).
 */
export function undiminish(word: string): string | null {
  const m = /^(\p{L}{3,}?)(?:(?:ec|c)?it|isim)(o|a|os|as)$/u.exec(word);
  if (!m) return null;
  // A "qu"/"gu" before the diminutive's i goes back to "c"/"g" before a/o: chiquita → chica.
  const base = m[1]!.replace(/qu$/, 'c').replace(/gu$/, 'g');
  return `${base}${m[2]}`;
}

/** Words that open a question of their own after "y": "¿qué es el CUFD y cuánto dura?". */
const ASKING = /^(que|cuanto|cuantos|cuantas|cuando|hasta|quien|quienes|como|donde|cual|cuales|porque|por)$/;

/**
 * A question that asks two things joined by "y" ("¿qué es el CUFD y cuánto dura?", "¿quién emite la
 * nota y hasta cuándo?"), split into its questions; a later one that says too little of its own
 * ("y hasta cuándo") carries the first one's search words. [] when it asks one thing.
 */
export function clauses(question: string): string[] {
  const ws = words(question);
  const cuts = ws.flatMap((w, i) => ((w === 'y' || w === 'e') && i > 0 && ASKING.test(ws[i + 1] ?? '') ? [i] : []));
  if (cuts.length === 0) return [];
  const parts = [0, ...cuts].map((c, k) => ws.slice(k === 0 ? 0 : c + 1, cuts[k] ?? ws.length));
  const first = searchWords(parts[0]!.join(' '));
  return parts.map((p, k) => (k > 0 && searchWords(p.join(' ')).length < 2 ? [...p, ...first] : p).join(' '));
}
