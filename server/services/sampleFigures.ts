import sharp from 'sharp';

/**
 * The incomplete figures of the sample bank (server/seed/examBank.ts): a
 * few open strokes — arcs, waves, zigzags, corners, loops — for the child to
 * complete. Each is drawn from its name alone (exam type, challenge, task),
 * so every installation shows the same figure without shipping pictures;
 * an admin may replace any of them with an uploaded image.
 */
export const SEED_FIGURE = /^neomi-figure-([12])-([123])-(\d{2})-v1\.png$/;

const W = 480;
const H = 360;

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Stroke = (r: () => number, cx: number, cy: number, s: number) => string;

const n = (v: number) => v.toFixed(1);
const STROKES: Stroke[] = [
  // an open arc
  (r, cx, cy, s) => `M ${n(cx - s)} ${n(cy)} A ${n(s)} ${n(s * (0.6 + r() * 0.6))} 0 0 1 ${n(cx + s)} ${n(cy)}`,
  // a wave
  (r, cx, cy, s) => `M ${n(cx - s)} ${n(cy)} q ${n(s / 2)} ${n(-s * r())} ${n(s)} 0 t ${n(s)} 0`,
  // a zigzag
  (r, cx, cy, s) =>
    `M ${n(cx - s)} ${n(cy + s / 3)} l ${n(s / 2)} ${n(-s / 1.5)} l ${n(s / 2)} ${n(s / 1.5)} l ${n(s / 2)} ${n((-s / 1.5) * r())}`,
  // a corner
  (_r, cx, cy, s) =>
    `M ${n(cx - s / 2)} ${n(cy - s / 2)} L ${n(cx - s / 2)} ${n(cy + s / 2)} L ${n(cx + s / 2)} ${n(cy + s / 2)}`,
  // a loop left open
  (r, cx, cy, s) =>
    `M ${n(cx + s * 0.7)} ${n(cy)} A ${n(s * 0.7)} ${n(s * 0.7)} 0 1 0 ${n(cx + s * 0.5)} ${n(cy - s * 0.5 * (0.5 + r()))}`,
  // two parallel lines
  (_r, cx, cy, s) =>
    `M ${n(cx - s)} ${n(cy - s / 4)} L ${n(cx + s)} ${n(cy - s / 4)} M ${n(cx - s)} ${n(cy + s / 4)} L ${n(cx + s / 2)} ${n(cy + s / 4)}`,
  // a spiral's start
  (_r, cx, cy, s) =>
    `M ${n(cx)} ${n(cy)} a ${n(s / 6)} ${n(s / 6)} 0 1 1 ${n(s / 3)} 0 a ${n(s / 3)} ${n(s / 3)} 0 1 1 ${n(-s * 0.66)} 0`,
  // a hook
  (r, cx, cy, s) =>
    `M ${n(cx)} ${n(cy - s)} L ${n(cx)} ${n(cy + s / 3)} Q ${n(cx)} ${n(cy + s)} ${n(cx - s / 2 - (r() * s) / 3)} ${n(cy + s / 2)}`,
];

/** The SVG of a seeded figure. */
export function figureSvg(examType: number, challenge: number, task: number): string {
  const r = random(examType * 1000 + challenge * 100 + task * 7 + 1);
  const count = 1 + Math.floor(r() * 2) + (task === 0 ? 1 : 0);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const stroke = STROKES[Math.floor(r() * STROKES.length)];
    const cx = W / 2 + (r() - 0.5) * W * 0.25;
    const cy = H / 2 + (r() - 0.5) * H * 0.2;
    const s = 60 + r() * 55;
    const turn = Math.round((r() - 0.5) * 90);
    paths.push(`<path d="${stroke(r, cx, cy, s)}" transform="rotate(${turn} ${n(cx)} ${n(cy)})"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#fff"/>` +
    `<g fill="none" stroke="#1f2933" stroke-width="7" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g></svg>`
  );
}

const cache = new Map<string, Promise<Buffer>>();

/** The PNG of a seeded figure by its stored name (and its thumbnail), or null for any other name. */
export function seedFigurePng(name: string, variant?: 'thumb'): Promise<Buffer> | null {
  const match = SEED_FIGURE.exec(name);
  if (!match) return null;
  const key = `${name}:${variant ?? ''}`;
  let png = cache.get(key);
  if (!png) {
    const svg = Buffer.from(figureSvg(Number(match[1]), Number(match[2]), Number(match[3])));
    const image = sharp(svg);
    png = (variant ? image.resize({ width: 240 }) : image).png().toBuffer();
    cache.set(key, png);
  }
  return png;
}
