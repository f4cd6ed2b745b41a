// Canonical XML 1.0 (http://www.w3.org/TR/2001/REC-xml-c14n-20010315) of the documents we
// generate, computed on the string without parsing it into a DOM. It covers only a "simple"
// document: no DOCTYPE, comments, CDATA or processing instructions; namespace declarations
// only on the root (not a default namespace); at most one attribute on other elements;
// attribute values without '&', '<', '"', TAB, LF, CR; text whose only references are the ones
// C14N itself writes (&amp; &lt; &gt; &#xD;) and without a raw '>'. For such a document the
// canonical form is the same text with the XML declaration dropped, empty-element tags
// written as start + end tag and the root's attributes in canonical order (C14N §2.2-2.3).
// Anything else returns null and the caller uses a general canonicalizer (xml-crypto).

export interface SimpleDocument {
  /** Everything before the root start tag (XML declaration, whitespace). */
  head: string;
  /** Root element, start tag to end tag, as written. */
  element: string;
  /** After the root end tag (whitespace only). */
  tail: string;
  /** Offset in `element` where the root end tag starts: where an enveloped signature goes. */
  endTagOffset: number;
  /** Namespace declarations of the root (prefix → URI): in scope for everything inside. */
  rootNamespaces: Map<string, string>;
  /** Canonical form of the root element (the whole document, C14N 1.0, no comments). */
  canonical: string;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const HEAD = /^(?:<\?xml\s(?:[^?]|\?(?!>))*\?>)?\s*/;
const ENCODING = /encoding\s*=\s*["']([^"']*)["']/;
const NAME_RE = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const NAME = '[A-Za-z_][\\w.\\-]*(?::[A-Za-z_][\\w.\\-]*)?';
/** Attributes part of a start tag: ` name="value"`…, values without '&', '<', '"', TAB, LF, CR. */
const ATTRS_RE = new RegExp(`^(?:\\s+${NAME}="[^"<&\\t\\n\\r]*")*\\s*$`);
// Run only on a root tag's attributes that ATTRS_RE accepted, trailing white space cut: each `\s+`
// then starts a `name="value"`, so no run of spaces is scanned twice.
// eslint-disable-next-line regexp/no-super-linear-move -- input checked by ATTRS_RE and trimmed (parseAttrs's caller)
const ATTR = new RegExp(`\\s+(${NAME})="([^"]*)"`, 'g');
// XML 1.0 §2.2: characters a document may not contain; CR (C14N rewrites it); markup we do not handle.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\r]|<!|<\?/;
/** The only references left as they are by C14N in text (§2.3). */
const TEXT_REFS = ['&amp;', '&lt;', '&gt;', '&#xD;'];

interface Attr {
  name: string;
  value: string;
}

function parseAttrs(text: string): Attr[] {
  const out: Attr[] = [];
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) out.push({ name: m[1]!, value: m[2]! });
  return out;
}

/** C14N §2.2: namespace nodes sorted by prefix, then attributes by (namespace URI, local name). */
function canonicalRootTag(name: string, attrs: Attr[], namespaces: Map<string, string>): string | null {
  const decls: Attr[] = [];
  const plain: { uri: string; local: string; text: string }[] = [];
  for (const a of attrs) {
    if (a.name.startsWith('xmlns:')) {
      decls.push(a);
      continue;
    }
    if (a.name === 'xmlns') return null; // default namespace: leave it to the general path
    const colon = a.name.indexOf(':');
    const prefix = colon < 0 ? '' : a.name.slice(0, colon);
    const uri = colon < 0 ? '' : prefix === 'xml' ? XML_NS : namespaces.get(prefix);
    if (uri === undefined) return null;
    plain.push({ uri, local: a.name.slice(colon + 1), text: ` ${a.name}="${a.value}"` });
  }
  decls.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  plain.sort((a, b) => (a.uri !== b.uri ? (a.uri < b.uri ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
  return `<${name}${decls.map((d) => ` ${d.name}="${d.value}"`).join('')}${plain.map((p) => p.text).join('')}>`;
}

export function parseSimpleDocument(xml: string): SimpleDocument | null {
  const head = HEAD.exec(xml)![0];
  const enc = ENCODING.exec(head);
  if (enc && enc[1]!.toUpperCase() !== 'UTF-8') return null;
  if (FORBIDDEN.test(xml.slice(head.length))) return null;

  const rootStart = head.length;
  if (xml.charCodeAt(rootStart) !== 60 /* < */) return null;
  const namespaces = new Map<string, string>();
  const knownNames = new Set<string>(); // names already checked against NAME_RE
  const open: string[] = []; // names of the elements not yet closed (well-formedness)
  const parts: string[] = []; // canonical pieces, filled only where the text is not canonical
  let copiedUpTo = rootStart;
  const rewrite = (at: number, length: number, canonical: string): void => {
    parts.push(xml.slice(copiedUpTo, at), canonical);
    copiedUpTo = at + length;
  };
  // Next '&' at or after the scan position, advanced lazily (one pass over the text).
  let nextAmp = xml.indexOf('&', rootStart);

  let pos = rootStart;
  for (;;) {
    const lt = xml.indexOf('<', pos);
    if (lt < 0) return null; // the root is never closed
    // The first '>' after pos must close this tag: one before it is a raw '>' in text.
    const gt = xml.indexOf('>', pos);
    if (gt < lt) return null;
    // Text between pos and lt: only the references C14N keeps.
    while (nextAmp !== -1 && nextAmp < lt) {
      if (!isTextRef(xml, nextAmp)) return null;
      nextAmp = xml.indexOf('&', nextAmp + 1);
    }
    pos = gt + 1;
    const tagLength = gt + 1 - lt;

    if (xml.charCodeAt(lt + 1) === 47 /* / */) {
      const name = open.pop();
      if (name === undefined || !xml.startsWith(name, lt + 2)) return null;
      if (name.length + 3 !== tagLength) {
        // "</name  >": only whitespace may follow the name.
        if (xml.slice(lt + 2 + name.length, gt).trim() !== '') return null;
        rewrite(lt, tagLength, `</${name}>`);
      }
      if (open.length === 0) return finish(xml, head, lt, gt + 1, namespaces, parts, copiedUpTo);
      continue;
    }

    let j = lt + 1;
    while (j < gt && isNameChar(xml.charCodeAt(j))) j++;
    const name = xml.slice(lt + 1, j);
    if (!knownNames.has(name)) {
      if (!NAME_RE.test(name)) return null;
      knownNames.add(name);
    }
    if (j === gt) {
      // "<name>": already canonical; the overwhelmingly common case.
      open.push(name);
      continue;
    }
    const selfClose = xml.charCodeAt(gt - 1) === 47; /* / */
    const attrText = xml.slice(j, selfClose ? gt - 1 : gt);
    if (!ATTRS_RE.test(attrText)) return null;
    const attrs = parseAttrs(attrText.trimEnd());
    let canonical: string | null;
    if (open.length === 0) {
      for (const a of attrs) if (a.name.startsWith('xmlns:')) namespaces.set(a.name.slice(6), a.value);
      canonical = canonicalRootTag(name, attrs, namespaces);
    } else if (attrs.length > 1 || attrs.some((a) => a.name === 'xmlns' || a.name.startsWith('xmlns:'))) {
      canonical = null; // would need attribute sorting or namespace rendering rules
    } else {
      canonical = attrs.length === 1 ? `<${name} ${attrs[0]!.name}="${attrs[0]!.value}">` : `<${name}>`;
    }
    if (canonical === null) return null;
    if (selfClose) {
      if (open.length === 0) return null; // an empty root has no place for an enveloped signature
      // C14N writes an empty element as a start-end tag pair.
      rewrite(lt, tagLength, `${canonical}</${name}>`);
    } else {
      if (canonical.length !== tagLength || !xml.startsWith(canonical, lt)) rewrite(lt, tagLength, canonical);
      open.push(name);
    }
  }
}

function isTextRef(xml: string, at: number): boolean {
  for (const ref of TEXT_REFS) if (xml.startsWith(ref, at)) return true;
  return false;
}

/** [A-Za-z0-9_.:-]: characters of the names we accept (checked in full by NAME_RE). */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45;
}

function finish(
  xml: string,
  head: string,
  endTagStart: number,
  rootEnd: number,
  rootNamespaces: Map<string, string>,
  parts: string[],
  copiedUpTo: number,
): SimpleDocument | null {
  const tail = xml.slice(rootEnd);
  if (!/^\s*$/.test(tail)) return null;
  const rootStart = head.length;
  const element = xml.slice(rootStart, rootEnd);
  let canonical = element;
  if (parts.length > 0) {
    parts.push(xml.slice(copiedUpTo, rootEnd));
    canonical = parts.join('');
  }
  return { head, element, tail, endTagOffset: endTagStart - rootStart, rootNamespaces, canonical };
}
