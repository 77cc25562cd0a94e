/**
 * CSV writing (RFC 4180) that is safe to open in a spreadsheet, following OWASP's CSV injection rules
 * (https://owasp.org/www-community/attacks/CSV_Injection): a text cell that begins with `=`, `+`, `-`, `@`, a tab or
 * a carriage return would be read as a formula, so it gets a leading single quote; every text cell is quoted and its
 * double quotes doubled, so no separator or line break inside a value starts a new cell. Numbers the server writes
 * itself (coordinates, counts) stay numbers: `-87.62` is a value a spreadsheet must be able to add up, and is never a
 * formula.
 */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One cell, neutralised and quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One record, ended by CRLF as RFC 4180 says. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The file: a byte-order mark (so spreadsheet programs read UTF-8), the header, then one chunk per page of rows.
 * Pulled by the response stream, so a page is read only when the client has taken the previous one.
 */
export async function* csvChunks<T>(columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord(columns.map((c) => c.header))}`;
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) chunk += csvRecord(columns.map((c) => c.value(row)));
    if (chunk) yield chunk;
  }
}
