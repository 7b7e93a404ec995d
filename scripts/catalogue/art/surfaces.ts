import type { Rng } from '../random';
import type { Drawing } from '../spec';
import { frame, r1, shade } from './svg';

/*
 * Flat-lay pictures: tile and paver patterns, stone slabs, wood planks, swatches. Each tile or
 * plank gets a slight tone of its own, as real batches do.
 */

const jitter = (rng: Rng, hex: string, spread: number) => shade(hex, rng.range(-spread, spread));

function tilePattern(rng: Rng, title: string, base: string): string {
  const handmade = /Zellige|Handmade|Terracotta|Paver|Brick/.test(title);
  // Small tiles get less variation: it reads the same and keeps the JPEG small.
  const spread = handmade ? 0.12 : /Mosaic|Penny/.test(title) ? 0.025 : 0.04;
  const grout = shade(base, base < '#888888' ? 0.25 : -0.15);
  const tiles: string[] = [];
  const rect = (x: number, y: number, w: number, h: number, rx = 2) =>
    tiles.push(
      `<rect x="${r1(x + 2)}" y="${r1(y + 2)}" width="${r1(w - 4)}" height="${r1(h - 4)}" rx="${rx}" fill="${jitter(rng, base, spread)}"/>`,
    );
  if (/Hexagon|Hex /.test(title)) {
    const s = /Mosaic/.test(title) ? 36 : 52;
    const h = Math.sqrt(3) * s;
    for (let col = -1; col * 1.5 * s < 500; col++) {
      for (let row = -1; row * h < 500; row++) {
        const cx = col * 1.5 * s;
        const cy = row * h + (col % 2 ? h / 2 : 0);
        const points = Array.from({ length: 6 }, (_, k) => {
          const a = (Math.PI / 3) * k;
          return `${r1(cx + (s - 2.5) * Math.cos(a))},${r1(cy + (s - 2.5) * Math.sin(a))}`;
        }).join(' ');
        tiles.push(`<polygon points="${points}" fill="${jitter(rng, base, spread)}"/>`);
      }
    }
  } else if (/Herringbone/.test(title)) {
    const u = 34;
    for (let i = -16; i < 16; i++) {
      for (let j = -16; j < 16; j++) {
        const x = u * (i + 2 * j);
        const y = u * (i - 2 * j);
        if (x > -80 && x < 500 && y > -80 && y < 500) {
          rect(x, y, 2 * u, u);
          rect(x, y + u, u, 2 * u);
        }
      }
    }
  } else if (/Penny/.test(title)) {
    for (let row = 0; row < 16; row++) {
      for (let col = 0; col < 15; col++) {
        const cx = col * 35 + (row % 2 ? 17.5 : 0);
        tiles.push(
          `<circle cx="${r1(cx)}" cy="${r1(row * 30.5)}" r="16" fill="${jitter(rng, base, spread)}"/>`,
        );
      }
    }
  } else {
    const [w, h, bond] = /Subway|Picket|Brick|Paver/.test(title)
      ? [/Paver|Brick/.test(title) ? 100 : 96, 48, 0.5]
      : /Mosaic/.test(title)
        ? [48, 48, 0]
        : /24 in\. x 24 in\./.test(title)
          ? [160, 160, 0]
          : /24 in\.|Plank/.test(title)
            ? [160, 80, 1 / 3]
            : [96, 96, 0];
    for (let row = 0; row * h < 480; row++) {
      const shift = ((row * bond) % 1) * w;
      for (let x = -shift; x < 480; x += w) rect(x, row * h, w, h);
    }
  }
  return `<rect width="480" height="480" fill="${grout}"/>${tiles.join('')}`;
}

export const tile: Drawing = ({ rng, finish: f, title }) =>
  frame(rng, f, tilePattern(rng, title, f.base), { shadow: null });

export const slab: Drawing = ({ rng, finish: f, title }) => {
  const marble = /Marble|Calacatta|Carrara|Taj Mahal/.test(title);
  const speckles = marble
    ? ''
    : Array.from(
        { length: 90 },
        () =>
          `<circle cx="${rng.int(40, 440)}" cy="${rng.int(120, 330)}" r="${rng.pick([1.5, 2, 3])}" fill="${rng.chance(0.5) ? f.dark : f.light}" opacity="0.7"/>`,
      ).join('');
  const veins = marble
    ? Array.from({ length: 6 }, () => {
        const y = rng.int(130, 320);
        return `<path d="M${rng.int(0, 120)} ${y} C${rng.int(120, 220)} ${y + rng.int(-60, 60)} ${rng.int(240, 340)} ${y + rng.int(-60, 60)} ${rng.int(360, 480)} ${y + rng.int(-40, 40)}" fill="none" stroke="${f.dark}" stroke-width="${rng.pick([1.5, 2.5, 4])}" opacity="0.5"/>`;
      }).join('')
    : '';
  const body = `<clipPath id="top"><path d="M60 110 L470 110 L420 330 L10 330 Z"/></clipPath><g clip-path="url(#top)"><rect width="480" height="480" fill="${f.base}"/>${veins}${speckles}</g><path d="M10 330 L420 330 L420 362 L10 362 Z" fill="${shade(f.base, -0.12)}"/><path d="M420 330 L470 110 L470 142 L420 362 Z" fill="${shade(f.base, -0.2)}"/>`;
  return frame(rng, f, body, { shadow: { cx: 220, cy: 372, rx: 210 } });
};

export const planks: Drawing = ({ rng, finish: f, title }) => {
  if (/Herringbone/.test(title)) return tile({ rng, finish: f, title });
  const rowH = /Wide|7 in\.|9 in\./.test(title) ? 80 : 60;
  const spread = /Vinyl|LVP/.test(title) ? 0.05 : 0.1;
  const parts: string[] = [];
  for (let y = 0; y < 480; y += rowH) {
    for (let x = -rng.int(0, 200); x < 480;) {
      const len = rng.int(170, 330);
      const tone = jitter(rng, f.base, spread);
      parts.push(
        `<rect x="${x}" y="${y}" width="${len - 2}" height="${rowH - 2}" fill="${tone}"/>`,
      );
      for (let g = 0; g < 3; g++) {
        const gy = y + rng.int(8, rowH - 8);
        parts.push(
          `<path d="M${x + 6} ${gy} Q${x + len / 2} ${gy + rng.int(-6, 6)} ${x + len - 8} ${gy + rng.int(-3, 3)}" fill="none" stroke="${f.dark}" stroke-width="1.2" opacity="0.35"/>`,
        );
      }
      x += len;
    }
  }
  return frame(
    rng,
    f,
    `<rect width="480" height="480" fill="${shade(f.dark, -0.3)}"/>${parts.join('')}`,
    { shadow: null },
  );
};

export const carpet: Drawing = ({ rng, finish: f }) => {
  const step = rng.pick([6, 8]);
  const pattern = `<pattern id="pile" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect width="${step}" height="${step}" fill="${f.base}"/><circle cx="${step / 2}" cy="${step / 2}" r="${step / 3}" fill="${f.light}" opacity="0.5"/></pattern>`;
  const body = `<defs>${pattern}</defs><g transform="rotate(${rng.int(-6, 6)} 240 240)"><rect x="80" y="80" width="320" height="320" rx="10" fill="url(#pile)"/><rect x="80" y="80" width="320" height="320" rx="10" fill="none" stroke="${f.dark}" stroke-width="8"/></g>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 410, rx: 170 } });
};

export const paint: Drawing = ({ rng, finish: f }) => {
  const body = `<path d="M140 150 L340 150 L340 380 Q240 404 140 380 Z" fill="#c4c8cc"/><path d="M140 150 L340 150 L340 380 Q240 404 140 380 Z" fill="url(#m)" opacity="0.35"/><rect x="140" y="210" width="200" height="120" fill="${f.base}"/><rect x="140" y="300" width="200" height="10" fill="${f.light}" opacity="0.8"/><ellipse cx="240" cy="150" rx="100" ry="22" fill="#aeb3b8"/><ellipse cx="240" cy="148" rx="86" ry="17" fill="${f.base}"/><path d="M300 158 Q306 190 300 200 Q294 190 300 158 Z" fill="${f.base}"/><path d="M160 150 Q160 96 240 96 Q320 96 320 150" fill="none" stroke="#8b9095" stroke-width="4"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 392, rx: 120 } });
};

export const wallpaper: Drawing = ({ rng, finish: f, title }) => {
  const ink = shade(f.base, f.base < '#888888' ? 0.45 : -0.3);
  const motif = /Stripe/.test(title)
    ? `<rect width="20" height="40" fill="${ink}" opacity="0.5"/>`
    : /Leaf|Botanical/.test(title)
      ? `<ellipse cx="20" cy="20" rx="6" ry="14" fill="${ink}" transform="rotate(35 20 20)"/>`
      : `<circle cx="20" cy="20" r="6" fill="${ink}"/><circle cx="0" cy="0" r="4" fill="${ink}"/><circle cx="40" cy="40" r="4" fill="${ink}"/>`;
  const body = `<defs><pattern id="paper" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${f.base}"/>${motif}</pattern></defs><rect x="110" y="120" width="260" height="300" fill="url(#paper)"/><rect x="110" y="120" width="260" height="300" fill="#000" opacity="0.04"/><rect x="96" y="70" width="288" height="70" rx="35" fill="url(#paper)"/><rect x="96" y="70" width="288" height="70" rx="35" fill="url(#mv)" opacity="0.25"/><ellipse cx="384" cy="105" rx="12" ry="35" fill="${shade(f.base, -0.15)}"/><ellipse cx="384" cy="105" rx="5" ry="14" fill="#b5ac9c"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 424, rx: 150 } });
};

export const trim: Drawing = ({ rng, finish: f }) => {
  const boards = [0, 1, 2]
    .map((i) => {
      const y = 120 + i * 90;
      return `<rect x="${40 + i * 20}" y="${y}" width="400" height="64" fill="url(#mv)"/><rect x="${40 + i * 20}" y="${y}" width="400" height="14" fill="${f.light}"/><rect x="${40 + i * 20}" y="${y + 14}" width="400" height="5" fill="${f.dark}" opacity="0.5"/><path d="M${440 + i * 20} ${y} L${456 + i * 20} ${y + 8} L${456 + i * 20} ${y + 72} L${440 + i * 20} ${y + 64} Z" fill="${f.dark}"/>`;
    })
    .join('');
  return frame(rng, f, boards, { shadow: null });
};
