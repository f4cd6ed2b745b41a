// What the simulator checks in a SOAP request before parsing it (issue #16), so a hostile or
// broken request ends as a client fault in bounded time instead of blocking the simulator:
// the archivo's base64 is taken out of the text before parsing (fast-xml-parser reads text about
// 5 MB/s, so a real 30 MB package would block everything else for seconds); what remains is
// capped in size and in element depth; the envelope and the operation's wrapper must be in
// their namespaces, which the parser's prefix stripping (main/siat/soap.ts) cannot tell.
// The limits follow Apache CXF's defaults (SIAT's faults are CXF's: "Error reading
// XMLStreamReader", "Unexpected wrapper element"): element depth 100.
// Runs in: SIAT simulator only.

import { SIAT_NAMESPACE, SOAP_ENVELOPE_NAMESPACE } from '../siat/operations';

/** The request's XML outside archivo: SIAT's requests are a few KB; ours are never near this. */
export const MAX_XML_OUTSIDE_ARCHIVO_BYTES = 1024 * 1024;
/** CXF's org.apache.cxf.stax.maxElementDepth default. */
export const MAX_ELEMENT_DEPTH = 100;

/** Stands in for the archivo's base64 while the rest is parsed. */
export const ARCHIVO_PLACEHOLDER = 'KIPU-SIM-ARCHIVO';

export interface RequestProblem {
  status: number;
  faultcode: 'soap:Client' | 'soap:VersionMismatch';
  faultstring: string;
}

const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

/**
 * Takes the content of the first `<archivo>` out of `xml` when it is base64 (the field is
 * unqualified, CONTRACT §1.3). Anything else stays in the text and is parsed as it is.
 */
export function splitArchivo(xml: string): { xml: string; archivo: string | null } {
  const open = xml.indexOf('<archivo>');
  if (open < 0) return { xml, archivo: null };
  const start = open + '<archivo>'.length;
  const end = xml.indexOf('</archivo>', start);
  if (end < 0) return { xml, archivo: null };
  const content = xml.slice(start, end);
  if (!BASE64.test(content)) return { xml, archivo: null };
  return { xml: `${xml.slice(0, start)}${ARCHIVO_PLACEHOLDER}${xml.slice(end)}`, archivo: content };
}

const IGNORED = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;
const TAG = /<(\/?)([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
// Only run on TAG's third group, a sequence of ` name="value"` that TAG already matched: each pair is
// found once, in order, and nothing is left after the last one to reject.
// eslint-disable-next-line regexp/no-super-linear-move -- input is TAG's validated attribute list
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

interface StartTag {
  prefix: string | null;
  local: string;
  xmlns: Map<string, string>;
}

function startTag(name: string, attributes: string): StartTag {
  const colon = name.indexOf(':');
  const xmlns = new Map<string, string>();
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const attr = m[1]!;
    if (attr === 'xmlns') xmlns.set('', m[2] ?? m[3] ?? '');
    else if (attr.startsWith('xmlns:')) xmlns.set(attr.slice(6), m[2] ?? m[3] ?? '');
  }
  return { prefix: colon < 0 ? null : name.slice(0, colon), local: colon < 0 ? name : name.slice(colon + 1), xmlns };
}

/** The namespace of `tag`, declared on it or on an ancestor; null when its prefix is undeclared. */
function namespaceOf(tag: StartTag, ancestors: StartTag[]): string | null {
  const key = tag.prefix ?? '';
  for (const t of [tag, ...[...ancestors].reverse()]) {
    const ns = t.xmlns.get(key);
    if (ns !== undefined) return ns;
  }
  return key === '' ? '' : null;
}

const fault = (faultstring: string, faultcode: RequestProblem['faultcode'] = 'soap:Client', status = 500): RequestProblem => ({ status, faultcode, faultstring });

/**
 * Size, depth and namespaces of a request's XML (archivo already taken out); null when they are
 * fine. Malformed XML is left to the parser, which says so in its own fault.
 */
export function checkRequestXml(xml: string): RequestProblem | null {
  if (Buffer.byteLength(xml) > MAX_XML_OUTSIDE_ARCHIVO_BYTES) {
    return fault(`Request entity too large: more than ${MAX_XML_OUTSIDE_ARCHIVO_BYTES} bytes of XML outside archivo`, 'soap:Client', 413);
  }
  const text = xml.replace(IGNORED, '');
  const open: StartTag[] = [];
  let envelope: StartTag | null = null;
  for (const m of text.matchAll(TAG)) {
    const [, closing, name, attributes, selfClosing] = m;
    if (closing) {
      open.pop();
      continue;
    }
    const tag = startTag(name!, attributes ?? '');
    const ns = namespaceOf(tag, open);
    if (ns === null) return fault(`Error reading XMLStreamReader: Undeclared namespace prefix "${tag.prefix}"`);
    if (open.length === 0) {
      envelope = tag;
      if (tag.local === 'Envelope' && ns !== SOAP_ENVELOPE_NAMESPACE) {
        return fault(`Invalid SOAP envelope namespace {${ns}}: a SOAP 1.1 envelope is in ${SOAP_ENVELOPE_NAMESPACE}`, 'soap:VersionMismatch');
      }
    } else if (envelope && open.length === 2 && open[1]!.local === 'Body' && ns !== SIAT_NAMESPACE) {
      // The operation's wrapper: its one child of Body.
      return fault(`Unexpected wrapper element {${ns}}${tag.local} found.   Expected {${SIAT_NAMESPACE}}${tag.local}.`);
    }
    if (!selfClosing) {
      open.push(tag);
      if (open.length > MAX_ELEMENT_DEPTH) return fault(`Error reading XMLStreamReader: Maximum Element Depth limit (${MAX_ELEMENT_DEPTH}) Exceeded`);
    }
  }
  return null;
}
