// The app's icons as PNG files, drawn here from the favicon's shapes (the accent gradient and a
// white "C"), so the repository holds no binary images and nothing is downloaded at build time.
import { crc32, deflateSync } from 'node:zlib';

const GRADIENT: [number, [number, number, number]][] = [
  [0, [0xff, 0x4f, 0x81]],
  [0.45, [0xd8, 0x1b, 0x60]],
  [1, [0x7b, 0x1f, 0xa2]],
];
// The favicon's "C" on its 64-unit grid: an arc of radius 12 around (33.67, 32), 7 wide, open
// to the right between its round ends at (41, 22.5) and (41, 41.5).
const ARC = { cx: 33.67, cy: 32, r: 12, half: 3.5, ends: [[41, 22.5], [41, 41.5]] as const };
// The gap's half angle, from the centre to either end.
const GAP_RADIANS = Math.atan2(32 - 22.5, 41 - 33.67);
const SAMPLES = 4;

function gradientAt(t: number): [number, number, number] {
  for (let i = 1; i < GRADIENT.length; i += 1) {
    const [to, end] = GRADIENT[i];
    const [from, start] = GRADIENT[i - 1];
    if (t <= to) {
      const k = (t - from) / (to - from);
      return [0, 1, 2].map((c) => Math.round(start[c] + (end[c] - start[c]) * k)) as [number, number, number];
    }
  }
  return GRADIENT[GRADIENT.length - 1][1];
}

function inGlyph(x: number, y: number): boolean {
  const dx = x - ARC.cx;
  const dy = y - ARC.cy;
  const ring = Math.abs(Math.hypot(dx, dy) - ARC.r) <= ARC.half;
  const inGap = Math.abs(Math.atan2(dy, dx)) < GAP_RADIANS;
  if (ring && !inGap) return true;
  return ARC.ends.some(([ex, ey]) => Math.hypot(x - ex, y - ey) <= ARC.half);
}

/** Inside the rounded square of the favicon (corner radius 16 of 64), or everywhere if maskable. */
function inTile(x: number, y: number, maskable: boolean): boolean {
  if (maskable) return true;
  const r = 16;
  const nx = Math.min(Math.max(x, r), 64 - r);
  const ny = Math.min(Math.max(y, r), 64 - r);
  return Math.hypot(x - nx, y - ny) <= r;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `size`-pixel square PNG of the icon. A maskable icon fills the square (the platform cuts
 * its own shape) and keeps the glyph inside the central safe zone, which it already is.
 */
export function iconPng(size: number, maskable: boolean): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const unit = 64 / size;
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px += 1) {
      let tile = 0;
      let glyph = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit;
          const y = (py + (sy + 0.5) / SAMPLES) * unit;
          if (inTile(x, y, maskable)) {
            tile += 1;
            if (inGlyph(x, y)) glyph += 1;
          }
        }
      }
      const n = SAMPLES * SAMPLES;
      const background = gradientAt((px + py) / (2 * size));
      const white = tile ? glyph / tile : 0;
      const at = row + 1 + px * 4;
      for (let c = 0; c < 3; c += 1) rows[at + c] = Math.round(background[c] * (1 - white) + 255 * white);
      rows[at + 3] = Math.round((255 * tile) / n);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
