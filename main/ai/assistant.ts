// The assistant's knowledge: the rule cards Kipu ships (normativas, contingencias), the texts the
// administrator installs (a third collection) and the retrieval index over both. It answers with
// the best card whole, with its reference and date; a SIAT code in the question goes to the error
// guide; when nothing fits it says so and names the nearest cards. Which card answers: the learnt
// answer rule (answer-rule.ts, decision 0105) over the hand-set rules' choice (second-opinion.ts),
// which alone decide without a rule of this classifier. It never writes a rule.
// Runs in: engine.
import { guidanceFor, resolveSiatError } from './siat-error-guide';
import { RetrievalIndex, type IndexDoc, type RankedHit } from './retrieval';
import type { RuleCard, ShippedCorpus } from './rule-cards';
import { COLLECTION_CONTINGENCIAS, COLLECTION_NORMATIVAS } from './rule-cards';
import { outOfScopeTopics, type Thesaurus } from './thesaurus';
import { siatCodeIn } from './siat-code-in-question';
import { clauses, normalizeWord, queryTerms, words } from './query-terms';
import { codeHomes, isCode, listsCodes, questionCodes } from './question-codes';
import { cardConfidence } from './confidence';
import { intentModelFor, intentReader, sureOfACard, type IntentReading } from './intent-classifier';
import { secondOpinion } from './second-opinion';
import { coAnswers, ruleCandidates, ruleChoice, type AnswerRule, type CoAnswers, type RuleCandidate } from './answer-rule';
import { codesAnswer, MAX_CARDS, MAX_UNKNOWN_SHARE, MIN_PART_SIMILARITY, ROUNDING } from './codes-answer';
import type { AdminPassage, AskResult, AssistantHit, DenseVectors, EmbeddingText } from './assistant-types';

/** The administrator's texts (KIPU_AI_CORPUS_DIR): a collection of its own, next to the shipped ones. */
export const COLLECTION_ADMIN = 'administrador';

export type { AdminPassage, AskResult, AssistantHit, DenseVectors, EmbeddingText } from './assistant-types';

/** A passage (no calibrated confidence) answers when it covers most of the question or is close to it letter by letter (the cards' rule before issue 31). */
const MIN_COVERAGE = 0.5;
const MIN_SIMILARITY = 0.45;
/** Neither alone, but both fairly high: a paraphrase that shares some words and some letters. */
const MIN_BOTH = 0.8;

export function answers(hit: { cobertura: number; similitud: number }): boolean {
  return hit.cobertura >= MIN_COVERAGE || hit.similitud >= MIN_SIMILARITY || hit.cobertura + hit.similitud >= MIN_BOTH;
}

/**
 * A card answers from this confidence (confidence.ts): the threshold with the most right answers
 * less three per wrong one on the tuning set (scripts/ai-fit-confidence.ts prints the sweep;
 * docs/decisions/0075 and 0077).
 */
export const MIN_CONFIDENCE = 0.65;
/** A further card joins a composed answer from this confidence, when it meets words the others do not. */
const MIN_CONFIDENCE_MORE = 0.5;
/** ... and those words weigh at least this share of the question. */
const MIN_NEW_SHARE = 0.15;
/** ... or a card meets a part this large of the question that the others do not, and resembles it this much. */
const MIN_PART_SHARE = 0.25;
const MIN_PART_COVERAGE = 0.4;
/** ... and the classifier gives it this much: «cómo anulo una factura q hice mal» got the packages' deadline (0.003); a real list's cards get 0.06 or more (0104). */
const MIN_PART_INTENT = 0.01;
/** A related card under an answer: the confidence or the classifier gives it this much (a walk found cards at 0 offered). */
const MIN_RELATED = 0.05;
/** A nearest card offered beside a refusal: this much («receta de salteña» had three SIAT states at 0.07). */
const MIN_NEAREST = 0.1;
/** ... and the classifier's likeliest cards are offered only while its "no card" is under this. */
const NEAREST_MAX_OUT = 0.5;
/** What a card must meet of a question that lists codes besides those codes. */
const MIN_BESIDES_CODES = 0.15;
/**
 * Two fitting cards this close in confidence are equally likely by it: the one that meets clearly
 * more of the question answers first (decision 0100: "una factura que ya entró en mi declaración,
 * ¿se puede anular?" — the annulment card meets all of it, the due-date card only "declaración").
 * A smaller edge decides nothing ("ya hay conexión, ¿se mandan solas?": 0,64 against 0,52 would
 * pick the retry card). Equal confidence: the card more like the question letter by letter.
 */
const CLOSE_CONFIDENCE = 0.08;
const CLEARLY_MORE = 0.25;

/**
 * A card answers a question about its subject: one whose title meets no word of the question
 * (directly or through the thesaurus) matched only words its rule or questions name in passing
 * ("¿cómo calculo mi ganancia?" and the IT card's "haya o no ganancia"). Chosen on the tuning set
 * (decision 0077): fewer wrong answers, no right one lost there. A passage has no title of its own
 * in this sense and is not held to it.
 */
const aboutIt = (hit: { tipo: string; coberturaTitulo: number }) => hit.tipo !== 'ficha' || hit.coberturaTitulo > 0;

/** A card the ranking did not place, as a hit of nothing met (a card the classifier brings in). */
const unrankedHit = (key: string): RankedHit => ({ key, score: 0, bm25: 0, coverage: 0, similarity: 0, dense: null, covered: [], unknownShare: 0, headCoverage: 0, shortCoverage: 0 });

/** First places of the fusion a question's answer is chosen from. */
const CANDIDATES = 6;
/** First places of the fusion the learnt answer rule weighs (answer-rule.ts). */
const RULE_HITS = 12;
/** How much of the question BM25's first card must meet to join the candidates when the fusion left it out. */
const MIN_LEAD_COVERAGE = 0.8;

/**
 * A card is indexed by its title, questions and rule, not its reference: where a rule comes from is
 * not what it answers, and an indexed reference made its section and law numbers (§5.4, Formulario
 * 400) and its source's words answer questions, so a reference could not be reworded without moving
 * answers (decision 0100). What a card answers is in its rule and questions.
 */
const CARD_WEIGHTS = { titulo: 3, preguntas: 2, regla: 1 };

export class Assistant {
  private readonly cards = new Map<string, RuleCard>();
  private readonly passages = new Map<string, AdminPassage>();
  private readonly index: RetrievalIndex;
  private readonly texts: EmbeddingText[] = [];
  private dense: DenseVectors | null = null;
  /** The intent classifier's reading of a question (none without cards), and each document's place in the index. */
  private readonly readIntent: ((question: string) => IntentReading) | null;
  private readonly docAt: Map<string, number>;
  /** How often cards share their bank questions (the answer rule's co-answer). */
  private readonly co: CoAnswers;
  /**
   * The learnt answer rule (answer-rule.ts), when the corpus ships one learnt on this classifier's
   * readings; else null and the hand-set second opinion chooses. Scripts set it to try another.
   */
  answerRule: AnswerRule | null;

  constructor(
    readonly shipped: ShippedCorpus,
    readonly thesaurus: Thesaurus,
    admin: readonly AdminPassage[],
    /** From which confidence a card answers (calibration scripts try others; the engine uses the default). */
    readonly minConfidence: number = MIN_CONFIDENCE,
  ) {
    const docs: IndexDoc[] = [];
    for (const c of shipped.cards) {
      this.cards.set(c.id, c);
      docs.push({
        key: c.id,
        fields: [
          { text: c.titulo, weight: CARD_WEIGHTS.titulo },
          { text: c.preguntas.join('\n'), weight: CARD_WEIGHTS.preguntas },
          { text: c.regla, weight: CARD_WEIGHTS.regla },
        ],
        // The question bank is not indexed: the intent classifier learns from it (decision 0104).
        short: [c.titulo, ...c.preguntas],
      });
      // The model compares the question with each of the card's questions, its title and its rule.
      for (const t of [c.titulo, ...c.preguntas, c.regla]) this.texts.push({ doc: docs.length - 1, text: t });
    }
    for (const p of admin) {
      const key = `${p.path}#${p.seq}`;
      this.passages.set(key, p);
      docs.push({ key, fields: [{ text: p.titulo, weight: 2 }, { text: p.texto, weight: 1 }], short: [], long: `${p.titulo}\n${p.texto}` });
      this.texts.push({ doc: docs.length - 1, text: `${p.titulo}\n${p.texto}` });
    }
    this.index = new RetrievalIndex(docs, thesaurus);
    const model = shipped.cards.length > 0 ? intentModelFor(shipped, thesaurus) : null;
    this.readIntent = model ? intentReader(model, thesaurus, docs.map((d) => (this.cards.has(d.key) ? d.key : ''))) : null;
    this.docAt = new Map(docs.map((d, i) => [d.key, i]));
    this.co = coAnswers(shipped.cards);
    const rule = shipped.reglaRespuesta ?? null;
    this.answerRule = rule && model && shipped.intenciones && rule.classifier === shipped.intenciones.digest ? rule : null;
  }

  /** What the answer rule weighs: the lexical ranking's cards and the classifier's likeliest, and `chosen`, the hand-set rules' answer. */
  ruleCandidates(question: string, chosen: string | null, reading: IntentReading | null = this.readIntent?.(question) ?? null): { candidates: RuleCandidate[]; hits: AssistantHit[]; reading: IntentReading | null } {
    if (!reading) return { candidates: [], hits: [], reading };
    const hits = this.search(question, RULE_HITS, null, reading).filter((h) => h.tipo === 'ficha');
    return { candidates: ruleCandidates(hits.map((h) => ({ ...h, fits: this.fits(h) })), reading, chosen, this.co), hits, reading };
  }

  /** The rule's answer: its best candidate when likely enough to be right (`pool`'s hit for it, if there), else none (a refusal). */
  private byRule(rule: AnswerRule, question: string, chosen: AssistantHit | undefined, pool: AssistantHit[], read: IntentReading | null): AssistantHit | undefined {
    const { candidates, hits, reading } = this.ruleCandidates(question, chosen?.id ?? null, read);
    const pick = ruleChoice(rule, candidates, question);
    if (!pick) return undefined;
    if (pick.p < (pick.id === chosen?.id ? rule.agree : rule.threshold)) return chosen && (pick.ratings.get(chosen.id) ?? 0) >= rule.keep ? chosen : undefined;
    return this.cardHit(pick.id, [...pool, ...hits], reading);
  }

  /** A card as a hit: the ranking's, or one of nothing met when the ranking did not place it. */
  private cardHit(id: string, pool: AssistantHit[], reading: IntentReading | null): AssistantHit {
    return pool.find((h) => h.id === id) ?? this.toHit(unrankedHit(id), 0, 0, false, reading);
  }

  /**
   * The cards offered beside a refusal: the classifier's likeliest from MIN_NEAREST (it puts a card
   * that answers first for nine fresh questions in ten, but not surely enough to answer), then the
   * lexical ranking's; only the lexical ones when the classifier reads the question as about no
   * card. On the read held-in sets 12–17 the refusals offering a right card went from 53 to 63 of
   * 72 (first: 38 → 47), near-domain refusals offering any card stayed 4 of 71 (decision 0107;
   * with the final model: 67 of 78, first 58; near-domain 6 of 72).
   */
  private nearest(lexical: AssistantHit[], hits: AssistantHit[], reading: IntentReading | null): AssistantHit[] {
    if (!reading || reading.out >= NEAREST_MAX_OUT) return lexical.slice(0, 3);
    const likely = reading.cards.filter((c) => c.p >= MIN_NEAREST).map((c) => this.cardHit(c.id, hits, reading));
    return [...likely, ...lexical.filter((h) => !likely.some((x) => x.id === h.id))].slice(0, 3);
  }

  /** Card count per collection (the shipped ones always listed, the administrator's when it has passages). */
  collections(): { nombre: string; fichas: number }[] {
    const count = (c: string) => this.shipped.cards.filter((x) => x.coleccion === c).length;
    const out = [
      { nombre: COLLECTION_NORMATIVAS, fichas: count(COLLECTION_NORMATIVAS) },
      { nombre: COLLECTION_CONTINGENCIAS, fichas: count(COLLECTION_CONTINGENCIAS) },
    ];
    if (this.passages.size > 0) out.push({ nombre: COLLECTION_ADMIN, fichas: this.passages.size });
    return out;
  }

  /** What the embedding model must embed for the dense ranking. */
  embeddingTexts(): readonly EmbeddingText[] {
    return this.texts;
  }

  /** Loads (or, with null, drops) the embedding index; from then on a question's vector joins the ranking. */
  setDense(dense: DenseVectors | null): void {
    if (dense && (dense.owner.length * dense.dims !== dense.matrix.length || dense.owner.some((d) => d < 0 || d >= this.index.size))) {
      throw new Error('embedding index does not fit the documents');
    }
    this.dense = dense;
  }

  get denseLoaded(): boolean {
    return this.dense !== null;
  }

  /** Each document's best cosine similarity with the question's vector (−1 where it has none). */
  private denseScores(q: Float32Array): Float32Array | null {
    const d = this.dense;
    if (!d || q.length !== d.dims) return null;
    const out = new Float32Array(this.index.size).fill(-1);
    const { matrix, owner, dims } = d;
    // Four accumulators: about a quarter faster than one on V8 (10,000 passages × 384 dims ≈ 5 ms).
    const body = dims - (dims % 4);
    for (let row = 0; row < owner.length; row++) {
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      const base = row * dims;
      for (let k = 0; k < body; k += 4) {
        a0 += matrix[base + k]! * q[k]!;
        a1 += matrix[base + k + 1]! * q[k + 1]!;
        a2 += matrix[base + k + 2]! * q[k + 2]!;
        a3 += matrix[base + k + 3]! * q[k + 3]!;
      }
      for (let k = body; k < dims; k++) a0 += matrix[base + k]! * q[k]!;
      const dot = a0 + a1 + a2 + a3;
      const doc = owner[row]!;
      if (dot > out[doc]!) out[doc] = dot;
    }
    return out;
  }

  /** Does the hit answer the question: its calibrated confidence (a card), the old lexical rule (a passage), or the model's similarity. */
  fits(hit: AssistantHit): boolean {
    if (this.dense !== null && hit.semejanza !== null && hit.semejanza >= this.dense.minCosine) return true;
    if (hit.desconocidas >= MAX_UNKNOWN_SHARE) return false;
    if (hit.confianza !== null && !aboutIt(hit)) return false;
    return hit.confianza !== null ? hit.confianza >= this.minConfidence : answers(hit);
  }

  card(id: string): RuleCard | undefined {
    return this.cards.get(id);
  }

  private toHit(r: RankedHit, bm25Share: number, bm25Lead: number, first: boolean, learned: IntentReading | null): AssistantHit {
    const card = this.cards.get(r.key);
    const read = card && learned ? learned.of(this.docAt.get(r.key)!) : null;
    const [intent, lead, out] = [read?.p ?? null, read?.lead ?? 0, learned?.out ?? 0];
    const scores = { puntaje: r.score, cobertura: r.coverage, similitud: r.similarity, semejanza: r.dense, cubiertas: r.covered, desconocidas: r.unknownShare, bm25Relativo: Number(bm25Share.toFixed(4)), coberturaTitulo: r.headCoverage, coberturaPreguntas: r.shortCoverage, intencion: intent, intencionVentaja: lead, fueraDeAlcance: out };
    if (card) {
      return {
        tipo: 'ficha',
        coleccion: card.coleccion,
        id: card.id,
        titulo: card.titulo,
        texto: card.regla,
        fuente: `Kipu ${this.shipped.version} · ${card.archivo}`,
        referencia: card.referencia,
        vigenteAl: card.vigenteAl,
        ...scores,
        confianza: cardConfidence({ coverage: r.coverage, similarity: r.similarity, bm25Share, bm25Lead, unknownShare: r.unknownShare, titleCoverage: r.headCoverage, shortCoverage: r.shortCoverage, first }),
      };
    }
    const p = this.passages.get(r.key)!;
    return { tipo: 'pasaje', coleccion: COLLECTION_ADMIN, id: r.key, titulo: p.titulo, texto: p.texto, fuente: p.path, referencia: null, vigenteAl: null, ...scores, confianza: null };
  }

  /** `queryVector`: the question's vector by the embedding model, when one is loaded. */
  /** `learned`: the classifier's reading of the question, when the caller already has it. */
  search(question: string, limit: number, queryVector: Float32Array | null = null, learned: IntentReading | null = this.readIntent?.(question) ?? null): AssistantHit[] {
    const dense = queryVector ? this.denseScores(queryVector) : null;
    // The confidence compares a card's BM25 with the best of the first places, so it reads the
    // same places whatever the limit.
    const n = Math.max(limit, CANDIDATES);
    const wide = this.index.search(question, n, dense, true);
    // The card BM25 puts first and that meets most of the question is a candidate even when the
    // letter similarity of short, unrelated titles pushed it out of the fused first places ("¿qué
    // factura usa una guardería?": the educativo card, whose rule names guarderías, came eighth;
    // decision 0098) — if its title meets the question too, as an answer's must: a card that met
    // most of it through a phrasing word ("salió") would only lower the others' confidence.
    const lead = wide.reduce((b, r) => (r.bm25 > b.bm25 ? r : b), wide[0]!);
    const ranked = lead && lead.coverage >= MIN_LEAD_COVERAGE && lead.headCoverage > 0 && !wide.slice(0, CANDIDATES).includes(lead) ? [...wide.slice(0, CANDIDATES - 1), lead, ...wide.slice(CANDIDATES - 1).filter((r) => r !== lead)].slice(0, n) : wide.slice(0, n);
    // A card that misses a code the question names (CUFD, IVA, 99003 …) never answers it (ask), so
    // it is no rival either: "¿cuándo caduca el CUFD?" weighed the CUFD card against the CUIS card,
    // which has "caduca", and refused both (decision 0081).
    const codes = questionCodes(question);
    const meets = (r: RankedHit) => codes.every((c) => r.covered.some((x) => x.word === c));
    const head = ranked.slice(0, CANDIDATES);
    const first = head.some(meets) ? head.filter(meets) : head;
    // The best BM25 of all first places, though: a card that alone meets the code but weakly
    // ("varios nit juntos" and the NIT check, in a question about selling internet to companies)
    // does not lead by itself as if no card outranked it.
    const topBm25 = Math.max(0, ...head.map((r) => r.bm25));
    const share = (r: RankedHit) => (topBm25 > 0 ? Math.min(1, r.bm25 / topBm25) : 0);
    return ranked.slice(0, limit).map((r, i) => {
      const others = Math.max(0, ...first.filter((o) => o !== r).map(share));
      return this.toHit(r, share(r), share(r) - others, i === 0, learned);
    });
  }

  /**
   * The answer to a question: the error guide for a SIAT code; a refusal when it names a topic Kipu
   * has no card for; else the most confident card that fits, plus up to two more that fit and meet
   * words of the question the others do not ("99001, 99002 y 99003", "el IVA y el IT"); else nothing.
   */
  ask(question: string, syncedMessage: (code: number) => string | null = () => null, queryVector: Float32Array | null = null): AskResult {
    const reading = this.readIntent?.(question) ?? null;
    const hits = this.search(question, CANDIDATES, queryVector, reading);
    const code = siatCodeIn(question, (c) => guidanceFor(c) !== null);
    if (code !== null) {
      return { tipo: 'guia', codigo: code, guia: resolveSiatError({ codigoError: code }, syncedMessage), cercanas: hits.filter((h) => this.fits(h)).slice(0, 3) };
    }
    if (queryTerms(question).length === 0) return { tipo: 'sin-palabras', cercanas: [] };
    const outside = outOfScopeTopics(this.thesaurus, question);
    // The nearest cards of a question about another tax or country are noise: none offered. A topic
    // word met in passing yields to a card the classifier is sure of (decision 0107: «un paisano me
    // da su DNI de Argentina, ¿qué tipo de documento marco?» is about the customer's document).
    if (outside.length > 0 && !sureOfACard(reading)) return { tipo: 'sin-respuesta', cercanas: [], fueraDeAlcance: outside };
    // The most confident fitting hit first (the fusion's order breaks ties).
    const strength = (h: AssistantHit) => (h.confianza ?? (answers(h) ? this.minConfidence : 0));
    // A card that misses a code the question names ("cuándo caduca el CUFD" and the CUIS card,
    // letter by letter almost the same question) cannot answer it.
    const codes = questionCodes(question);
    const meetsCodes = (h: AssistantHit) => codes.every((c) => h.cubiertas.some((x) => x.word === c));
    // What the question asks for in words of asking only ("hasta cuándo" → plazo): a fitting card
    // that meets it answers before one that does not, however like the rest of the question that
    // one is ("las facturas manuales hasta cuándo las paso al sistema": the deadline card, not the
    // card on how to transcribe them, whose own question is the same sentence without "hasta cuándo").
    const asks = new Set(hits.flatMap((h) => h.cubiertas.filter((c) => c.word.startsWith('#')).map((c) => c.word)));
    const meetsAsk = (h: AssistantHit) => h.cubiertas.filter((c) => asks.has(c.word)).length;
    // A question that lists codes ("iva y it, ¿los dos salen de mis ventas?") is not answered by a
    // card whose title names them all and that meets almost nothing else it asks (the due-date
    // card): that is no answer to what is asked of them (decision 0100). A card about one that
    // explains the other in its rule still answers "¿diferencia entre el CUIS y el CUFD?".
    const listed = listsCodes(words(normalizeWord(question)), isCode) ? new Set(queryTerms(question).filter(isCode)) : null;
    const codeShare = (h: AssistantHit) => h.cubiertas.filter((c) => listed?.has(c.word)).reduce((s, c) => s + c.share, 0);
    const onlyNamesCodes = (h: AssistantHit) => listed !== null && h.coberturaTitulo >= codeShare(h) - ROUNDING && h.cobertura - codeShare(h) < MIN_BESIDES_CODES;
    const fitting = hits.filter((h) => this.fits(h) && meetsCodes(h) && !onlyNamesCodes(h)).sort((a, b) => meetsAsk(b) - meetsAsk(a) || (Math.abs(strength(b) - strength(a)) < CLOSE_CONFIDENCE && Math.abs(b.cobertura - a.cobertura) >= CLEARLY_MORE ? b.cobertura - a.cobertura : strength(b) - strength(a) || b.similitud - a.similitud));
    // A list of codes gets a card per code, before any card that meets them all in passing.
    // ... unless the classifier is sure of a card that is no listed code's own: the question asks
    // something of the codes together («hasta qué día declaro el IVA y el IT»: the due-date card,
    // not the IVA card first; session 19's walk).
    const sure = sureOfACard(reading) ? reading!.cards[0]!.id : null;
    const joint = sure !== null && !codeHomes(codes, (id) => this.cards.has(id)).includes(sure) ? null : codesAnswer(question, hits, (h) => this.fits(h));
    if (joint) return { tipo: 'ficha', hit: joint[0]!, respuestas: joint, cercanas: hits.filter((h) => !joint.some((j) => j.id === h.id)).slice(0, 3) };
    const byModel = (h: AssistantHit) => this.dense !== null && h.semejanza !== null && h.semejanza >= this.dense.minCosine;
    const handSet = secondOpinion(fitting, hits.filter((h) => meetsCodes(h) && !onlyNamesCodes(h) && aboutIt(h) && h.desconocidas < MAX_UNKNOWN_SHARE), byModel);
    // The learnt rule decides (decision 0105), but for a passage or a card the embedding model vouches for.
    const rule = this.answerRule;
    const best = rule && handSet?.tipo !== 'pasaje' && !(handSet && byModel(handSet)) ? this.byRule(rule, question, handSet, hits, reading) : handSet;
    // Cards offered under an answer or beside a refusal: those the confidence or the classifier rates.
    const near = (min: number) => (h: AssistantHit) => h.tipo !== 'ficha' || (h.confianza ?? 0) >= min || (h.intencion ?? 0) >= min;
    if (!best) return { tipo: 'sin-respuesta', cercanas: this.nearest(hits.filter(near(MIN_NEAREST)), hits, reading), fueraDeAlcance: [] };
    const chosen = [best];
    const met = new Set(best.cubiertas.map((c) => c.word));
    for (const h of hits) {
      if (chosen.length === MAX_CARDS) break;
      if (chosen.includes(h) || h.tipo !== best.tipo || h.desconocidas >= MAX_UNKNOWN_SHARE || !aboutIt(h)) continue;
      const added = h.cubiertas.filter((c) => !met.has(c.word)).reduce((s, c) => s + c.share, 0);
      // A card that fits by itself and adds something, or one that answers a clear part of the
      // question by itself (a third of "99001, 99002 y 99003" is a card's whole question).
      const joins = ((h.confianza ?? 0) >= MIN_CONFIDENCE_MORE && added >= MIN_NEW_SHARE) || (added >= MIN_PART_SHARE && h.cobertura >= MIN_PART_COVERAGE && h.similitud >= MIN_PART_SIMILARITY && (h.intencion ?? 1) >= MIN_PART_INTENT);
      if (!joins) continue;
      chosen.push(h);
      for (const c of h.cubiertas) met.add(c.word);
    }
    // A question that asks two things joined by "y" ("¿qué es el CUFD y cuánto dura?") also gets the
    // card each of its questions gets by itself, when that one fits (decision 0098): "qué es" weighs
    // nothing as words, so no card met it as a part of the whole question.
    for (const part of clauses(question)) {
      if (chosen.length === MAX_CARDS || best.tipo !== 'ficha') break;
      const r = this.ask(part, syncedMessage);
      if (r.tipo === 'ficha' && !chosen.some((h) => h.id === r.hit.id)) chosen.push(r.hit);
    }
    // The answer is one named code's own card and the question names another: its card too.
    const homes = codeHomes(codes, (id) => this.cards.has(id));
    if (best.tipo === 'ficha' && homes.length >= 2 && homes.includes(best.id)) for (const id of homes) if (chosen.length < MAX_CARDS && !chosen.some((h) => h.id === id)) chosen.push(this.cardHit(id, hits, reading));
    return { tipo: best.tipo, hit: best, respuestas: chosen, cercanas: hits.filter((h) => !chosen.some((c) => c.id === h.id) && near(MIN_RELATED)(h)).slice(0, 3) };
  }
}
