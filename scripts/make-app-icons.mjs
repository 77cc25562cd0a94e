// Draws the app icons of the web manifest (192 and 512 px PNG) from the favicon's shapes, with no image library:
// a full-bleed blue square (maskable-safe) and the white truck within the central 70%.
// Run once: node scripts/make-app-icons.mjs; the PNGs are committed in apps/web/public/icons/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1c, 0x7e, 0xd6];
const WHITE = [0xff, 0xff, 0xff];

/** The favicon's 32-unit drawing: which colour a point has. */
function colourAt(x, y) {
  const inBody = x >= 6 && x <= 19 && y >= 11 && y <= 21;
  const inCab = x >= 19 && y >= 14 && y <= 21 && (x <= 23 || (x <= 26 && y >= 14 + ((x - 23) * 3.5) / 3));
  for (const cx of [10, 22]) {
    const d = Math.hypot(x - cx, y - 22.5);
    if (d <= 1.5) return BLUE;
    if (d <= 2.9) return WHITE;
  }
  return inBody || inCab ? WHITE : BLUE;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  const scale = 32 / (size * 0.7);
  const offset = size * 0.15;
  for (let py = 0; py < size; py++) {
    raw[py * (size * 3 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      const [r, g, b] = colourAt((px + 0.5 - offset) * scale, (py + 0.5 - offset) * scale);
      const i = py * (size * 3 + 1) + 1 + px * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const dir = join(import.meta.dirname, '../apps/web/public/icons');
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) writeFileSync(join(dir, `icon-${size}.png`), png(size));
console.log('icons written to', dir);
