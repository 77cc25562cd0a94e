import { IMPORT_FIELD_ALIASES, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '@cargo/shared';

/** A field's column: its index in the file's header, or null when the file has none for it. */
export type ColumnMapping = Record<ImportField, number | null>;

const STORAGE_KEY = 'cargo.packageImport.mapping';

const normalise = (text: string) => text.toLowerCase().replace(/[\s_\-.()/]+/g, '');

/** Guesses each field's column from the headings: the template's heading, the field's own name, then other names. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const keys = headers.map(normalise);
  const taken = new Set<number>();
  const mapping = {} as ColumnMapping;
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const index = keys.indexOf(normalise(name));
      if (index >= 0 && !taken.has(index)) return index;
    }
    return null;
  };
  // Exact names first for every field, so an alias ('name') never takes a column another field names exactly.
  for (const field of IMPORT_FIELDS) {
    const index = find([IMPORT_FIELD_LABELS[field], field]);
    mapping[field] = index;
    if (index !== null) taken.add(index);
  }
  for (const field of IMPORT_FIELDS) {
    if (mapping[field] !== null) continue;
    const index = find(IMPORT_FIELD_ALIASES[field]);
    mapping[field] = index;
    if (index !== null) taken.add(index);
  }
  return mapping;
}

/** The admin's choices for files with these headings, by heading; kept in this browser. */
export function rememberedMapping(headers: readonly string[]): ColumnMapping | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as { headers: string[]; fields: Record<string, string | null> } | null;
    if (!stored || stored.headers.join('\u0000') !== headers.join('\u0000')) return null;
    const mapping = {} as ColumnMapping;
    for (const field of IMPORT_FIELDS) {
      const heading = stored.fields[field];
      const index = heading == null ? -1 : headers.indexOf(heading);
      mapping[field] = index >= 0 ? index : null;
    }
    return mapping;
  } catch {
    return null;
  }
}

export function rememberMapping(headers: readonly string[], mapping: ColumnMapping): void {
  const fields = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, mapping[f] === null ? null : (headers[mapping[f]] ?? null)]));
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ headers, fields }));
  } catch {
    // Storage can be blocked; the guess works without it.
  }
}
