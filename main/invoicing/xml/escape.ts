// Text escaping for the SIAT XML we generate. The output of escapeText is already in
// Canonical XML form (C14N 1.0 §2.3: text nodes escape '&', '<', '>' and CR as '&#xD;', and
// nothing else), so a document built with it is its own canonical text; signing.ts relies on
// that to digest our string directly.

/** Characters XML 1.0 forbids (§2.2 Char): C0 controls other than TAB, LF, CR; lone surrogates; U+FFFE/U+FFFF. */
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NEEDS_WORK = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const SPECIAL = /[&<>\r]/g;
const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };

/**
 * Escapes a text value. Characters XML cannot carry at all are dropped: a scanner or a
 * pasted description must not make an invoice unparseable for SIAT.
 */
export function escapeText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value; // the common case: no allocation
  return value.replace(INVALID, '').replace(SPECIAL, (c) => REPLACEMENTS[c]!);
}
