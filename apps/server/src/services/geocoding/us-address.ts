import { stateCode } from './us-states.ts';

/** What the bundled tables can match in a US address. */
export interface UsAddressParts {
  /** Candidate 5-digit ZIPs, the last in the address first (a ZIP ends a US address; a house number may look like one). */
  zips: string[];
  /** The city as written (trimmed), when the address names one before its state. */
  city: string | null;
  /** Two-letter postal code of the state, when the address names one. */
  state: string | null;
}

const ZIP_RE = /\b(\d{5})(?:-\d{4})?\b/g;
const COUNTRY_RE = /,?\s*(?:U\.?S\.?A?\.?|United States(?: of America)?)\s*$/i;

/**
 * Reads the ZIP, the city and the state of a US address such as '233 S Wacker Dr, Chicago, IL 60606',
 * 'Chicago IL', 'Springfield, Illinois' or '60606'. Tolerant by design: anything it cannot read is null.
 */
export function parseUsAddress(address: string): UsAddressParts {
  const text = address.trim().replace(COUNTRY_RE, '').trim();
  const zips = [...text.matchAll(ZIP_RE)]
    // A number that opens the address is a house number, unless it is the whole address.
    .filter((m) => m.index > 0 || m[0].length === text.length)
    .map((m) => m[1]!)
    .reverse();

  const parts = text
    .split(',')
    .map((p) => p.replace(ZIP_RE, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);

  // The state sits in one of the later parts; the first part is the street unless it is the only part.
  const first = parts.length === 1 ? 0 : 1;
  for (let i = parts.length - 1; i >= first; i--) {
    const part = parts[i]!;
    const whole = stateCode(part);
    if (whole) return { zips, state: whole, city: i > 0 ? parts[i - 1]! : null };
    // 'Chicago IL' or 'Chicago Illinois' without a comma before the state.
    const words = part.split(' ');
    for (const n of [3, 2, 1]) {
      if (words.length <= n) continue;
      const code = stateCode(words.slice(-n).join(' '));
      if (code) return { zips, state: code, city: words.slice(0, -n).join(' ') };
    }
  }
  return { zips, city: null, state: null };
}

const CITY_ALIASES: Readonly<Record<string, string>> = {
  NYC: 'NEW YORK',
  'NEW YORK CITY': 'NEW YORK',
  MANHATTAN: 'NEW YORK',
};

/** A city name as a table key: upper case, no periods or hyphens, 'St'/'Ft'/'Mt' spelled out as the tables spell them. */
export function cityKey(city: string): string {
  const key = city
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/[-\s]+/g, ' ')
    .trim()
    .replace(/^ST /, 'SAINT ')
    .replace(/^FT /, 'FORT ')
    .replace(/^MT /, 'MOUNT ');
  return CITY_ALIASES[key] ?? key;
}
