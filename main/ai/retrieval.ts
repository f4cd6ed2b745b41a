// Offline retrieval over the rule cards and the administrator's passages, with no model:
//   1. BM25 over light Spanish stems (query-terms.ts), with fields weighted (a card's title and its
//      questions count more than its rule), stems matched by prefix in both directions;
//   2. query expansion from the domain thesaurus (thesaurus.ts), at a lower weight;
//   3. character trigram similarity between the question and a card's title and questions (and,
//      for the administrator's passages, containment in the BM25 candidates' text), which forgives
//      spelling and word forms the stemmer misses;
//   4. when an embedding model is installed (embedder.ts), the cosine similarity between the
//      question's vector and the document's, computed by the caller and passed in;
// fused by reciprocal rank (the character-level measures are text-similarity.ts's). Each hit also
// carries how much of the question it covers, which the chat uses to decide whether anything fits
// at all. In memory; rebuilt when the corpus changes.
// Runs in: engine.
import { analyze, contentWords, normalizeWord, numberDetails, searchWords, stem, STOPWORDS, undiminish, words, writtenAmounts } from './query-terms';
import { expand, fold, reword, type Thesaurus } from './thesaurus';
import { dice, oneEdit, trigrams } from './text-similarity';


export interface IndexField {
  text: string;
  weight: number;
}

export interface IndexDoc {
  key: string;
  fields: IndexField[];
  /** Short texts compared whole by trigram similarity (a card's title and questions); none for long passages. */
  short: string[];
  /** Long text checked for trigram containment when the document is a BM25 candidate. */
  long?: string;
}

export interface RankedHit {
  key: string;
  /** Fused reciprocal-rank score: higher is better; only comparable within one query. */
  score: number;
  bm25: number;
  /** Share (0–1) of the question's words, weighted by rarity, found in the document directly or through the thesaurus. */
  coverage: number;
  /** Best trigram similarity (0–1) with the document's short texts (or containment in its long text). */
  similarity: number;
  /** Cosine similarity (−1–1) with the question by the embedding model, or null without one. */
  dense: number | null;
  /**
   * The question's words this document meets (directly or through the thesaurus), each with its
   * share (0–1) of the question's weight: what an answer composed of several cards adds up.
   */
  covered: { word: string; share: number }[];
  /** Share (0–1) of the question's weight in words the corpus does not know at all (same for every hit). */
  unknownShare: number;
  /**
   * Share (0–1) of the question's weight met by the document's first field alone (a card's title):
   * what the card is about, as against a word its rule names in passing.
   */
  headCoverage: number;
  /** Share (0–1) of the question's weight met by the document's short texts alone (a card's title and its own questions). */
  shortCoverage: number;
}

interface QueryTerm {
  stem: string;
  weight: number;
  /** The question's own word (weight 1), as against a thesaurus word standing for it. */
  own: boolean;
  /** An own word a replacing thesaurus phrase stands for ("nit" in "no da nit"): it keeps its weight in the question but meets nothing itself. */
  replaced?: boolean;
  /** A repeat of a word already in the query for another question word: it meets for that word too, without adding to BM25 twice ("garaje", which stands for "alquiler", next to "alquilo"; decision 0091). */
  coverOnly?: boolean;
  /** Index of the question word this term stands for (its own stem or a thesaurus expansion of it). */
  group: number;
}

const [K1, B] = [1.2, 0.75];
const EXPANSION_WEIGHT = 0.6;
/** A card resembles the question in its own words (the thesaurus' rewording) a little less than in the store's. */
const REWORDED_WEIGHT = 0.85;
/** What a replacing phrase adds ("no da nit" → sin documento) is what the question means: full weight. */
const REPLACEMENT_WEIGHT = 1;
const MIN_PREFIX = 4;
const MAX_PREFIX_TERMS = 60;
/** BM25 candidates whose long text gets a trigram check. */
const LONG_CANDIDATES = 40;
/** Reciprocal-rank constant: small, so the first places of each list weigh clearly more. */
const RRF_K = 10;
/** BM25 places that take part in the fusion. */
const TOP_BM25 = 200;
/** Places of the dense ranking that take part in the fusion. */
const TOP_DENSE = 50;
/** Stems this long or longer are corrected when the corpus does not know them (shorter ones are too often another word). */
const MIN_TYPO = 5;

/** Indexes of the k largest positive values, largest first (ties: lower index first). */
function topByValue(values: Float32Array, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v > 0)) continue;
    if (out.length === k && v <= values[out[k - 1]!]!) continue;
    let at = out.length;
    while (at > 0 && values[out[at - 1]!]! < v) at--;
    out.splice(at, 0, i);
    if (out.length > k) out.pop();
  }
  return out;
}

export class RetrievalIndex {
  private readonly docs: IndexDoc[] = [];
  private readonly lengths: number[] = [];
  /** Stem → documents (ascending) and their weighted term frequency, as parallel arrays. */
  private readonly postings = new Map<string, { docs: number[]; tf: number[] }>();
  private readonly shortGrams: Set<string>[][] = [];
  private readonly longNorm: (string | null)[] = [];
  /** Each document's first field (a card's title) as distinct stems. */
  private readonly heads: Set<string>[] = [];
  /** Each document's short texts (a card's title and questions) as distinct stems. */
  private readonly shorts: Set<string>[] = [];
  private vocab: string[] = [];
  /** The vocabulary by first letter and length: where a misspelt stem's correction can be. */
  private readonly byShape = new Map<string, string[]>();
  /** Every word of the thesaurus' phrases (a diminutive of one is not made plain). */
  private readonly phraseWords: Set<string>;
  private avgLength = 1;
  /** The amounts the documents write as amounts ("Bs 3.000" → 3000): an amount in a question meets only these. */
  private readonly amounts = new Set<string>();

  constructor(
    docs: readonly IndexDoc[],
    private readonly thesaurus: Thesaurus | null,
  ) {
    for (const d of docs) this.add(d);
    this.vocab = [...this.postings.keys()].sort();
    for (const v of this.vocab) {
      const key = `${v[0]}${v.length}`;
      const list = this.byShape.get(key);
      if (list) list.push(v);
      else this.byShape.set(key, [v]);
    }
    this.phraseWords = new Set(thesaurus ? [...thesaurus.entries.keys()].flatMap((k) => k.split(' ')) : []);
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length) || 1;
  }

  get size(): number {
    return this.docs.length;
  }

  private add(d: IndexDoc): void {
    const id = this.docs.length;
    this.docs.push(d);
    let len = 0;
    for (const f of d.fields) {
      for (const a of writtenAmounts(f.text)) this.amounts.add(a);
      for (const t of analyze(f.text)) {
        let p = this.postings.get(t);
        if (!p) this.postings.set(t, (p = { docs: [], tf: [] }));
        const last = p.docs.length - 1;
        if (last >= 0 && p.docs[last] === id) p.tf[last]! += f.weight;
        else {
          p.docs.push(id);
          p.tf.push(f.weight);
        }
        len += f.weight;
      }
    }
    this.lengths.push(len);
    this.heads.push(new Set(d.fields.length > 0 ? analyze(d.fields[0]!.text) : []));
    this.shorts.push(new Set(analyze(d.short.join('\n'))));
    this.shortGrams.push(d.short.map(trigrams));
    this.longNorm.push(d.long ? ` ${contentWords(d.long).join(' ')} ` : null);
  }

  /** Vocabulary stems that match a query stem: itself, longer words it starts, shorter stems it starts with. */
  private matching(stem: string): string[] {
    const out: string[] = [];
    if (this.postings.has(stem)) out.push(stem);
    if (/^\d+$/.test(stem)) return out;
    if (stem.length >= MIN_PREFIX) {
      let lo = 0;
      let hi = this.vocab.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.vocab[mid]! < stem) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.vocab.length && out.length < MAX_PREFIX_TERMS && this.vocab[i]!.startsWith(stem); i++) {
        if (this.vocab[i] !== stem) out.push(this.vocab[i]!);
      }
    }
    // Shorter stems it starts with stand in only for a stem the corpus does not know as itself
    // ("vendiend" meets "vendi"; "guarderi", a card word, not "guard" of guardar), two letters or
    // more shorter: an ending, not a letter ("propin", propinas, is not "propi", propio; 0098).
    for (let n = stem.length - 2; n >= MIN_PREFIX + 1 && !this.postings.has(stem); n--) {
      const p = stem.slice(0, n);
      if (this.postings.has(p) && !out.includes(p)) out.push(p);
    }
    return out;
  }

  /**
   * The question with its diminutives made plain where the corpus knows the plain word and not the
   * diminutive ("ventitas chiquitas" → "ventas chicas"; "solicita" and "crédito" stay).
   */
  plain(question: string): string {
    const known = (w: string) => this.phraseWords.has(w) || this.postings.has(stem(w));
    return words(normalizeWord(question))
      .map((w) => {
        const base = w.length > 5 ? undiminish(w) : null;
        if (base === null || known(w)) return w;
        // A diminutive of a function word is that word ("todito", "poquito", "ahorita"): a
        // stopword, not a word no card knows (decision 0098).
        if (STOPWORDS.has(base)) return base;
        // Words in -io/-ia drop their i ("colegio" → "colegito", "negocio" → "negocito") and words
        // in a consonant add -cito to it whole ("camión" → "camioncito"): those plain forms too (decision 0081).
        const forms = [base, base.replace(/([oa]s?)$/, 'i$1'), base.replace(/[oa]$/, '')];
        return forms.find(known) ?? forms.find((f) => this.matching(stem(f)).length > 0) ?? w;
      })
      .join(' ');
  }

  /**
   * The corpus' stem a misspelt one stands for: one letter changed or two neighbours swapped
   * ("contingensi" → "contingenci", "factru" → "factur", "renob" → "renov"), same length and first
   * letter, for stems of MIN_TYPO letters or more that the corpus does not know at all; the most
   * frequent when several are. Null when none is. A letter added or dropped is not corrected: it
   * turned words the cards do not know into ones they do ("contrato" → "contract…"). A stem-changing
   * verb's stressed form ("revierto") is its root's ("revert-") when the corpus knows that (0098).
   */
  correct(stem: string): string | null {
    if (stem.length < MIN_TYPO || /\d/.test(stem) || this.matching(stem).length > 0) return null;
    const root = stem.replace(/ie|ue/, (d) => (d === 'ie' ? 'e' : 'o'));
    if (root !== stem && this.postings.has(root)) return root;
    let best: string | null = null;
    let df = 0;
    for (const v of this.byShape.get(`${stem[0]}${stem.length}`) ?? []) {
      if (!oneEdit(stem, v)) continue;
      const n = this.postings.get(v)!.docs.length;
      if (n > df) {
        best = v;
        df = n;
      }
    }
    return best;
  }

  /** The question's terms: its own stems (weight 1, a misspelt one corrected) and the thesaurus' words for its phrases. */
  queryTerms(question: string): QueryTerm[] {
    // A small number no card knows, an amount the cards do not write as one, a till's number are
    // details ("50 bs", "mi nit termina en 8", "el PV 2"; query-terms.ts numberDetails; decisions
    // 0081, 0100): as unknown words they refused the IVA card. A code stays ("error 1234", 99003).
    const { details, amounts, tills } = numberDetails(question);
    const keep = (s: string) => (tills.has(s) ? false : amounts.has(s) ? this.amounts.has(s) : !details.has(s) || this.matching(s).length > 0);
    const own = [...new Set(analyze(question).map((s) => this.correct(s) ?? s))].filter(keep).slice(0, 16);
    const terms: QueryTerm[] = own.map((stem, group) => ({ stem, weight: 1, own: true, group }));
    if (!this.thesaurus) return terms;
    const byFold = new Map(searchWords(question).map((w) => [fold(w), this.correct(stem(w)) ?? stem(w)]));
    for (const { phrase, adds, replaces } of expand(this.thesaurus, question)) {
      const phraseStems = analyze(phrase);
      // A phrase of stopwords only ("hasta cuando") stands for no word of its own: a new group. A
      // negation ("no quiere dar nit") stands for its last word, the one it negates: the NIT is met
      // through "sin documento", and "quiere dar" stays the question's own words (decision 0085;
      // before, the whole phrase stood for "quiere" and no card met the NIT the question names).
      const negated = replaces && phraseStems.length > 0 ? phraseStems[phraseStems.length - 1]! : null;
      let group = phraseStems.length > 0 ? own.indexOf(negated ?? phraseStems[0]!) : -1;
      // A phrase met in another form of its word ("dura" in "duran") stands for that word too.
      if (group < 0 && phraseStems.length > 0 && negated === null) group = own.indexOf(byFold.get(fold(searchWords(phrase)[0]!)) ?? '');
      if (group < 0) group = terms.reduce((m, t) => Math.max(m, t.group), -1) + 1;
      const added = new Set(analyze(adds.join(' ')));
      if (negated !== null) for (const t of terms) if (t.own && t.stem === negated && !added.has(t.stem)) t.replaced = true;
      const weight = replaces ? REPLACEMENT_WEIGHT : EXPANSION_WEIGHT;
      for (const s of added) {
        const there = terms.find((t) => t.stem === s && !t.coverOnly);
        if (!there) terms.push({ stem: s, weight, own: false, group });
        else if (there.group !== group && (replaces || !terms.some((t) => t.group === group && t.stem === s))) terms.push({ stem: s, weight, own: false, group, coverOnly: true });
        else if (!there.own && there.weight < weight) Object.assign(there, { weight, group });
      }
    }
    return terms;
  }

  /**
   * `dense`, when an embedding model is loaded: each document's cosine similarity with the
   * question (index = the document's position in the constructor's list).
   */
  search(question: string, limit: number, dense: Float32Array | null = null, withBm25Top = false): RankedHit[] {
    const n = this.docs.length;
    if (n === 0) return [];
    question = this.plain(question);
    const terms = this.queryTerms(question);
    const matchStems = terms.map((t) => this.matching(t.stem));
    const matches = matchStems.map((ms) => ms.map((v) => this.postings.get(v)!));
    const dfOf = (lists: { docs: number[] }[]): number => {
      if (lists.length === 1) return lists[0]!.docs.length;
      const seen = new Set<number>();
      for (const l of lists) for (const d of l.docs) seen.add(d);
      return seen.size;
    };
    // A word the corpus does not know at all is mostly the cashier's own talk ("fila", "gente"):
    // it counts, but as half of a word seen once, so it cannot hide a good match on its own.
    const unknownIdf = Math.log(1 + (n - 0.5) / 1.5) / 2;
    const idfOf = (df: number) => (df === 0 ? unknownIdf : Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    const dfs = matches.map(dfOf);
    const idfs = dfs.map(idfOf);
    // What each question word is worth, whether it is met by itself or by a synonym.
    const groupIdf = new Map<number, number>();
    terms.forEach((t, i) => {
      if (t.own) groupIdf.set(t.group, idfs[i]!);
    });
    // A replaced word weighs in the question as itself (its rarity) but meets nothing: what
    // replaces it does the meeting ("no da nit" meets the cards about a sale without a document,
    // not the ones about the NIT).
    terms.forEach((t, i) => {
      if (t.replaced) {
        matches[i] = [];
        matchStems[i] = [];
      }
    });
    for (const t of terms) if (!groupIdf.has(t.group)) groupIdf.set(t.group, unknownIdf);
    const totalIdf = [...groupIdf.values()].reduce((x, y) => x + y, 0);

    const scores = new Float64Array(n);
    const tf = new Float64Array(n);
    const touched: number[] = [];
    const termDocs: number[] = [];
    terms.forEach((t, i) => {
      if (t.coverOnly) return;
      termDocs.length = 0;
      for (const l of matches[i]!) {
        for (let j = 0; j < l.docs.length; j++) {
          const d = l.docs[j]!;
          if (tf[d] === 0) termDocs.push(d);
          tf[d] = tf[d]! + l.tf[j]!;
        }
      }
      const w = t.weight * idfs[i]!;
      for (const d of termDocs) {
        const f = tf[d]!;
        tf[d] = 0;
        if (scores[d] === 0) touched.push(d);
        scores[d] = scores[d]! + (w * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * this.lengths[d]!) / this.avgLength));
      }
    });

    // Coverage is computed only for the documents that are returned (binary search in postings).
    const has = (list: { docs: number[] }, d: number): boolean => {
      let lo = 0;
      let hi = list.docs.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = list.docs[mid]!;
        if (v === d) return true;
        if (v < d) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    };
    const ownWord = new Map<number, string>();
    for (const t of terms) if (t.own && !ownWord.has(t.group)) ownWord.set(t.group, t.stem);
    let unknown = 0;
    terms.forEach((t, i) => {
      if (t.own && dfs[i] === 0 && !terms.some((o, j) => o.group === t.group && !o.own && dfs[j]! > 0)) unknown += idfs[i]!;
    });
    const unknownShare = totalIdf === 0 ? 0 : unknown / totalIdf;
    // Each question word's best credit among the terms a document (or a part of it) meets: a
    // synonym meets the question word at its weight, whatever its own rarity.
    const credits = (meets: (i: number) => boolean): Map<number, number> => {
      const best = new Map<number, number>();
      terms.forEach((t, i) => {
        if (!meets(i)) return;
        const credit = t.own ? idfs[i]! : t.weight * groupIdf.get(t.group)!;
        if ((best.get(t.group) ?? 0) < credit) best.set(t.group, credit);
      });
      return best;
    };
    const shareOf = (best: Map<number, number>): number => {
      let got = 0;
      for (const [g, c] of best) got += Math.min(c, groupIdf.get(g)!);
      return totalIdf === 0 ? 0 : Math.min(1, got / totalIdf);
    };
    const inDoc = (doc: number) => (i: number) => matches[i]!.some((l) => has(l, doc));
    const coveredGroups = (doc: number): { word: string; share: number }[] =>
      totalIdf === 0 ? [] : [...credits(inDoc(doc))].map(([g, c]) => ({ word: ownWord.get(g) ?? `#${g}`, share: Number((Math.min(c, groupIdf.get(g)!) / totalIdf).toFixed(4)) }));
    const coverage = (doc: number): number => shareOf(credits(inDoc(doc)));
    const partCoverage = (head: Set<string>): number => shareOf(credits((i) => matchStems[i]!.some((v) => head.has(v))));

    // Only the first places of the BM25 list matter to the fusion: keep the best TOP_BM25.
    let bmDocs = touched;
    if (bmDocs.length > TOP_BM25) {
      const sorted = Float64Array.from(bmDocs, (d) => scores[d]!).sort();
      const cut = sorted[sorted.length - TOP_BM25]!;
      bmDocs = bmDocs.filter((d) => scores[d]! >= cut);
    }
    const bmOrder: [number, number][] = bmDocs.map((d) => [d, scores[d]!] as [number, number]).sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    const bm25 = new Map(bmOrder);

    // Trigram similarity: every document with short texts (the cards: a few hundred at most), and
    // the BM25 candidates among the long passages.
    const q = trigrams(question);
    const qList = [...q];
    // The question in the cards' words too: each of its words the thesaurus maps ("boleta" →
    // factura, "tiempo" → plazo) replaced by what it maps to, so a card that says it in its own
    // words resembles it as much as one that happens to share the store's word.
    const reworded = this.thesaurus ? reword(this.thesaurus, question, (w) => this.postings.has(stem(w))) : null;
    const q2 = reworded === null ? null : trigrams(reworded);
    const similarity = new Map<number, number>();
    for (let doc = 0; doc < n; doc++) {
      const grams = this.shortGrams[doc]!;
      if (grams.length === 0) continue;
      let best = 0;
      for (const g of grams) best = Math.max(best, dice(q, g), q2 ? REWORDED_WEIGHT * dice(q2, g) : 0);
      if (best > 0) similarity.set(doc, best);
    }
    if (qList.length > 0) {
      for (const [doc] of bmOrder.slice(0, LONG_CANDIDATES)) {
        const text = this.longNorm[doc];
        if (!text) continue;
        let hit = 0;
        for (const g of qList) if (text.includes(g)) hit++;
        // Containment in a long text is easier than similarity to a short one: weighed down.
        similarity.set(doc, Math.max(similarity.get(doc) ?? 0, (0.6 * hit) / qList.length));
      }
    }
    const simOrder = [...similarity.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);

    const fused = new Map<number, number>();
    bmOrder.forEach(([doc], rank) => fused.set(doc, (fused.get(doc) ?? 0) + 1 / (RRF_K + rank + 1)));
    simOrder.forEach(([doc], rank) => fused.set(doc, (fused.get(doc) ?? 0) + 1 / (RRF_K + rank + 1)));
    if (dense && dense.length === n) {
      const denseOrder = topByValue(dense, TOP_DENSE);
      denseOrder.forEach((doc, rank) => fused.set(doc, (fused.get(doc) ?? 0) + 1 / (RRF_K + rank + 1)));
    }

    const out = [...fused.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
    // BM25's first document, after the others when the fusion left it out: the caller may want it (assistant.ts).
    const bmTop = withBm25Top ? bmOrder[0]?.[0] : undefined;
    if (bmTop !== undefined && !out.some(([d]) => d === bmTop)) out.push([bmTop, fused.get(bmTop)!]);
    return out.map(([doc, score]) => ({
        key: this.docs[doc]!.key,
        score: Number(score.toFixed(6)),
        bm25: Number((bm25.get(doc) ?? 0).toFixed(4)),
        coverage: Number(coverage(doc).toFixed(4)),
        similarity: Number((similarity.get(doc) ?? 0).toFixed(4)),
        covered: coveredGroups(doc),
        unknownShare: Number(unknownShare.toFixed(4)),
        headCoverage: Number(partCoverage(this.heads[doc]!).toFixed(4)),
        shortCoverage: Number(partCoverage(this.shorts[doc]!).toFixed(4)),
        dense: dense && dense.length === n ? Number(dense[doc]!.toFixed(4)) : null,
      }));
  }
}
