import type { ParsedCsv } from '../workers/parse-csv.worker.ts';

export type { ParsedCsv };

/** Parses a CSV file with papaparse in a Web Worker. */
export function parseCsvFile(file: File): Promise<ParsedCsv> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('../workers/parse-csv.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ParsedCsv>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      resolve({ ok: false, message: event.message });
      worker.terminate();
    };
    worker.postMessage(file);
  });
}
