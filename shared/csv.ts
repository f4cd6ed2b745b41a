// RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. Also accepts ';' as the separator
// when the header uses it (spreadsheets in es-BO locales export with semicolons).

/**
 * The rows one at a time, so a caller working through a large file can stop after any row
 * and let the event loop run (the product import does: issue #19, finding 7).
 */
export function* csvRows(text: string): Generator<string[], void, undefined> {
  const src = text.replace(/^\uFEFF/, '');
  const sep = csvSeparator(src);
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

/** ';' when the header uses it and no comma, else ','. */
export function csvSeparator(text: string): ',' | ';' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
}

/** The decimal mark of a CSV's amounts: a ';'-separated file comes from an es-BO spreadsheet, which writes 1.234,56. */
export function csvDecimalMark(text: string): '.' | ',' {
  return csvSeparator(text) === ';' ? ',' : '.';
}
