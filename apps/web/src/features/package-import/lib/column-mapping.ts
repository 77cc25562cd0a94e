import { IMPORT_FIELD_ALIASES, IMPORT_FIELD_LABELS, IMPORT_FIELDS, importMappingSchema, type ImportField, type ImportMapping } from '@cargo/shared';

/** A field's column: its index in the file's header, or null when the file has none for it. */
export type ColumnMapping = Record<ImportField, number | null>;

const STORAGE_KEY = 'cargo.packageImport.mapping.v2';

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

/** The guess as a mapping: each field from the one column guessed for it; each row one package. */
export function guessedImportMapping(headers: readonly string[]): ImportMapping {
  const guess = guessMapping(headers);
  const fields: ImportMapping['fields'] = {};
  for (const field of IMPORT_FIELDS) {
    const index = guess[field];
    if (index !== null && headers[index]) fields[field] = { kind: 'columns', columns: [headers[index]], join: 'comma' };
  }
  return { fields, groupBy: null };
}

/** The admin's last mapping for files with these headings, kept in this browser (saved mappings are on the server). */
export function rememberedMapping(headers: readonly string[]): ImportMapping | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as { headers: string[]; mapping: unknown } | null;
    if (!stored || stored.headers.join('\u0000') !== headers.join('\u0000')) return null;
    const parsed = importMappingSchema.safeParse(stored.mapping);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberMapping(headers: readonly string[], mapping: ImportMapping): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ headers, mapping }));
  } catch {
    // Storage can be blocked; the guess works without it.
  }
}
