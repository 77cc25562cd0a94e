import { IMPORT_CSV_DELIMITERS } from '@cargo/shared';
import Papa from 'papaparse';

/** What the worker answers: the header and each record with its number in the file (the header is record 1). */
export type ParsedCsv = { ok: true; headers: string[]; records: Array<{ line: number; cells: string[] }> } | { ok: false; message: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<File>) => void) | null; postMessage(message: ParsedCsv): void };

// papaparse off the main thread: a 10,000-row file never holds up the page.
scope.onmessage = (event) => {
  Papa.parse<string[]>(event.data, {
    skipEmptyLines: false,
    delimitersToGuess: IMPORT_CSV_DELIMITERS,
    complete: (result) => {
      const [header, ...rest] = result.data;
      if (!header) {
        scope.postMessage({ ok: false, message: 'empty' });
        return;
      }
      const records: Array<{ line: number; cells: string[] }> = [];
      rest.forEach((cells, index) => {
        if (cells.some((cell) => cell.trim() !== '')) records.push({ line: index + 2, cells });
      });
      scope.postMessage({ ok: true, headers: header.map((h) => h.replace(/^\uFEFF/, '').trim()), records });
    },
    error: (error) => scope.postMessage({ ok: false, message: error.message }),
  });
};
