// Splits one regulation file (plain text or markdown) into passages for the lexical index: each
// passage carries the heading it sits under, so a search hit and a chat answer can say where the
// text comes from ("Según <fuente>, <título> …"). Pure: text in, passages out.
// Runs in: engine.
import { clip, trimEndChars } from '../../shared/trim-end';

export interface Passage {
  /** 0-based position of the passage in its file. */
  seq: number;
  /** Heading path ("Título II › Artículo 5.- (Plazo)"), or the file's name without extension. */
  titulo: string;
  texto: string;
}

/** Passages aim at this size: a hit is then a paragraph or two, short enough to quote. */
export const TARGET_CHARS = 900;
/** No passage is longer than this (long paragraphs are cut at sentence ends). */
export const MAX_CHARS = 1200;
const MAX_TITLE_CHARS = 160;
const TITLE_SEPARATOR = ' › ';

// Lines are trimmed at the end before this test, so the title starts with a non-space; its
// closing #s are taken off by headingTitle (a lazy `(.*?)\s*#*\s*$` backtracked quadratically).
const MD_HEADING = /^(#{1,6})\s+(\S.*)$/;
// Bolivian regulations (RND, leyes, decretos) are cut into articles: "ARTÍCULO 5.- (PLAZO) …",
// "Artículo 12. …". An article starts a passage of its own and names it.
const ARTICLE = /^\s*(art[ií]culo|art\.)\s*\d+[°º]?/i;
const ARTICLE_CAPS = /^\s*ART[IÍ]CULO\s*\d+/;
const LIST_ITEM = /^\s*([-*+•]|\d+[.)]|[a-z][.)])\s+/i;

/** "rnd-10-0021-16.md" → "rnd-10-0021-16"; the title used before any heading. */
export function baseTitle(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  return name.replace(/\.[^.]+$/, '') || name;
}

/** The article's label: up to its parenthesised name ("ARTÍCULO 5.- (PLAZO)") or its first words. */
function articleLabel(line: string): string {
  const t = line.trim();
  const label = namedLabel(t) ?? /^(\S+\s*\d+[°º]?[.\-–:]*)/.exec(t)?.[1] ?? t;
  return clip(label.replace(/\s+/g, ' ').trim(), MAX_TITLE_CHARS);
}

const isSpace = (c: string | undefined) => c !== undefined && c.trim() === '';

/**
 * Up to the first "(name)" of 1 to 100 characters that follows a number, spaces and ".-–:" (the
 * text up to it: "ARTÍCULO 5.- (PLAZO)"), or null. Walked by hand in one pass: the regular
 * expression that said it (`^(.*?\d+[°º]?\s*[.\-–:]*\s*\(…`) backtracked on long lines.
 */
function namedLabel(t: string): string | null {
  let close = -1;
  for (let open = t.indexOf('('); open >= 0; open = t.indexOf('(', open + 1)) {
    if (close <= open) close = t.indexOf(')', open + 1);
    if (close < 0) return null;
    if (close - open - 1 < 1 || close - open - 1 > 100) continue;
    let i = open;
    while (isSpace(t[i - 1])) i--;
    while (i > 0 && '.-–:'.includes(t[i - 1]!)) i--;
    while (isSpace(t[i - 1])) i--;
    if (i > 0 && '°º'.includes(t[i - 1]!)) i--;
    if (i > 0 && t[i - 1]! >= '0' && t[i - 1]! <= '9') return t.slice(0, close + 1);
  }
  return null;
}

/** Cuts a paragraph longer than MAX_CHARS at sentence ends, and a sentence that alone is too long at spaces. */
export function cutLong(paragraph: string, max = MAX_CHARS): string[] {
  if (paragraph.length <= max) return [paragraph];
  const sentences = paragraph.split(/(?<=[.;:!?])\s+/);
  const out: string[] = [];
  let cur = '';
  const push = (s: string) => {
    if (s.trim()) out.push(s.trim());
  };
  for (const s of sentences) {
    if (s.length > max) {
      push(cur);
      let rest = s;
      while (rest.length > max) {
        let cut = rest.lastIndexOf(' ', max);
        if (cut <= 0) cut = max;
        push(rest.slice(0, cut));
        rest = rest.slice(cut).trimStart();
      }
      cur = rest;
      continue;
    }
    if (cur && cur.length + 1 + s.length > max) {
      push(cur);
      cur = s;
    } else {
      cur = cur ? `${cur} ${s}` : s;
    }
  }
  push(cur);
  return out;
}

/**
 * Splits a file's text into passages. Markdown headings (# … ######) and article lines
 * ("Artículo N") open a new passage and set its title; blank lines separate paragraphs, which are
 * grouped under the same heading up to TARGET_CHARS. Wrapped lines of a paragraph are joined with
 * a space; list items keep their own line.
 */
export function splitPassages(fileName: string, text: string): Passage[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const headings: string[] = []; // index = markdown level − 1
  let article: string | null = null;
  const passages: Passage[] = [];
  let paragraphs: string[] = [];
  let para: string[] = [];
  let inFence = false;

  const title = (): string => {
    const path = headings.filter((h) => h);
    if (article) path.push(article);
    return clip(path.length > 0 ? path.join(TITLE_SEPARATOR) : baseTitle(fileName), MAX_TITLE_CHARS * 2);
  };
  const emit = (texto: string) => {
    passages.push({ seq: passages.length, titulo: title(), texto });
  };
  const flushPassage = () => {
    if (paragraphs.length > 0) emit(paragraphs.join('\n\n'));
    paragraphs = [];
  };
  const endParagraph = () => {
    const p = para.join('').trim();
    para = [];
    if (!p) return;
    for (const piece of cutLong(p)) {
      const size = paragraphs.reduce((n, x) => n + x.length + 2, 0);
      if (paragraphs.length > 0 && size + piece.length > TARGET_CHARS) flushPassage();
      paragraphs.push(piece);
    }
  };

  for (const raw of lines) {
    const line = raw.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    const heading = inFence ? null : MD_HEADING.exec(line);
    if (heading) {
      endParagraph();
      flushPassage();
      const level = heading[1]!.length;
      headings.length = level - 1;
      headings[level - 1] = clip(trimEndChars(heading[2]!, '#').replace(/[*_`]/g, '').trim(), MAX_TITLE_CHARS);
      article = null;
      continue;
    }
    // At the start of a paragraph, or in capitals anywhere: prose wrapped onto a line that begins
    // "artículo 5 de la ley …" is not a new article.
    if (!inFence && ARTICLE.test(line) && (para.length === 0 || ARTICLE_CAPS.test(line))) {
      endParagraph();
      flushPassage();
      article = articleLabel(line);
      para.push(line.trim());
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      continue;
    }
    if (para.length > 0) para.push(LIST_ITEM.test(line) ? '\n' : ' ');
    para.push(LIST_ITEM.test(line) ? line.trim() : line.trim().replace(/\s+/g, ' '));
  }
  endParagraph();
  flushPassage();
  return passages;
}
