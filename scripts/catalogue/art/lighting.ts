import { WOODS } from '../finishes';
import type { Rng } from '../random';
import type { Drawing } from '../spec';
import { frame, r1, shade } from './svg';

const lightCount = (title: string, fallback: number) => {
  const match = /(\d+)-Light/.exec(title);
  return match ? Number(match[1]) : fallback;
};

/** One hanging or standing shade centred on (cx, y) with width w; the kind follows the title. */
function shadeShape(kind: string, cx: number, y: number, w: number, fill: string): string {
  const h = w * 0.7;
  switch (kind) {
    case 'globe':
      return `<circle cx="${cx}" cy="${r1(y + w / 2)}" r="${r1(w / 2)}" fill="url(#glass)" opacity="0.9"/><circle cx="${cx}" cy="${r1(y + w / 2)}" r="${r1(w / 6)}" fill="url(#glow)"/><circle cx="${cx}" cy="${r1(y + w / 2)}" r="${r1(w / 14)}" fill="#fff7dc"/>`;
    case 'cone':
      return `<path d="M${r1(cx - w / 8)} ${y} L${r1(cx + w / 8)} ${y} L${r1(cx + w / 2)} ${r1(y + h)} L${r1(cx - w / 2)} ${r1(y + h)} Z" fill="${fill}"/><ellipse cx="${cx}" cy="${r1(y + h)}" rx="${r1(w / 2)}" ry="${r1(w / 14)}" fill="#fff3c4"/>`;
    case 'drum':
      return `<rect x="${r1(cx - w / 2)}" y="${y}" width="${w}" height="${r1(h * 0.8)}" rx="4" fill="${fill}"/><ellipse cx="${cx}" cy="${r1(y + h * 0.8)}" rx="${r1(w / 2)}" ry="${r1(w / 16)}" fill="#fff3c4"/>`;
    case 'bell':
      return `<path d="M${r1(cx - w / 6)} ${y} Q${r1(cx - w / 5)} ${r1(y + h * 0.6)} ${r1(cx - w / 2)} ${r1(y + h)} L${r1(cx + w / 2)} ${r1(y + h)} Q${r1(cx + w / 5)} ${r1(y + h * 0.6)} ${r1(cx + w / 6)} ${y} Z" fill="${fill}"/><ellipse cx="${cx}" cy="${r1(y + h)}" rx="${r1(w / 2)}" ry="${r1(w / 14)}" fill="#fff3c4"/>`;
    case 'cylinder':
      return `<rect x="${r1(cx - w / 5)}" y="${y}" width="${r1((w * 2) / 5)}" height="${r1(h * 1.1)}" rx="${r1(w / 5)}" fill="url(#glass)" stroke="${fill}" stroke-width="4"/><rect x="${r1(cx - w / 14)}" y="${r1(y + h * 0.2)}" width="${r1(w / 7)}" height="${r1(h * 0.6)}" rx="4" fill="#fff3c4"/>`;
    default:
      // dome
      return `<path d="M${r1(cx - w / 2)} ${r1(y + h * 0.75)} A${r1(w / 2)} ${r1(h * 0.75)} 0 0 1 ${r1(cx + w / 2)} ${r1(y + h * 0.75)} Z" fill="${fill}"/><rect x="${r1(cx - w / 2 - 2)}" y="${r1(y + h * 0.72)}" width="${w + 4}" height="6" rx="3" fill="${shade(fill, -0.25)}"/><ellipse cx="${cx}" cy="${r1(y + h * 0.78)}" rx="${r1(w / 2.4)}" ry="${r1(w / 16)}" fill="#fff3c4"/>`;
  }
}

function shadeKind(rng: Rng, title: string, fallback: readonly string[]): string {
  for (const kind of ['globe', 'cone', 'drum', 'bell', 'cylinder', 'dome']) {
    if (title.toLowerCase().includes(kind)) return kind;
  }
  if (/Seeded Glass|Clear Glass|Opal/.test(title)) return 'globe';
  return rng.pick(fallback);
}

export const pendant: Drawing = ({ rng, finish: f, title }) => {
  const kind = shadeKind(rng, title, ['dome', 'cone', 'bell', 'drum', 'globe']);
  const linear = /Linear|Island/.test(title);
  if (linear) {
    const n = lightCount(title, 3);
    const span = 300 / n;
    const shades = Array.from({ length: n }, (_, i) => {
      const cx = r1(90 + span * (i + 0.5));
      return `<line x1="${cx}" y1="150" x2="${cx}" y2="200" stroke="${f.dark}" stroke-width="3"/>${shadeShape(kind, cx, 200, Math.min(110, span - 12), 'url(#m)')}`;
    }).join('');
    const body = `<line x1="160" y1="0" x2="160" y2="140" stroke="${f.dark}" stroke-width="3"/><line x1="320" y1="0" x2="320" y2="140" stroke="${f.dark}" stroke-width="3"/><rect x="80" y="138" width="320" height="14" rx="5" fill="url(#mv)"/>${shades}`;
    return frame(rng, f, body, { shadow: null });
  }
  const w = /Mini/.test(title) ? rng.int(120, 150) : rng.int(180, 230);
  const top = rng.int(130, 180);
  const body = `<rect x="215" y="0" width="50" height="10" fill="url(#m)"/><line x1="240" y1="8" x2="240" y2="${top}" stroke="${f.dark}" stroke-width="4"/><rect x="230" y="${top - 14}" width="20" height="18" rx="3" fill="url(#m)"/>${shadeShape(kind, 240, top, w, 'url(#m)')}`;
  return frame(rng, f, body, { shadow: null });
};

export const chandelier: Drawing = ({ rng, finish: f, title }) => {
  const n = lightCount(title, rng.pick([5, 6, 8]));
  const cx = 240;
  const hub = 250;
  const arms: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const x = r1(70 + t * 340);
    const depth = Math.sin(t * Math.PI);
    const y = r1(214 - depth * 12);
    arms.push(
      `<path d="M${cx} ${hub} Q${r1((cx + x) / 2)} ${hub + 60} ${x} ${y + 40}" fill="none" stroke="${f.base}" stroke-width="7"/><rect x="${x - 9}" y="${y}" width="18" height="44" rx="3" fill="#f5f1e8"/><ellipse cx="${x}" cy="${y - 10}" rx="7" ry="12" fill="#ffe7a3"/><circle cx="${x}" cy="${y - 8}" r="22" fill="url(#glow)"/><rect x="${x - 14}" y="${y + 40}" width="28" height="8" rx="3" fill="url(#m)"/>`,
    );
  }
  const body = `<rect x="215" y="0" width="50" height="10" fill="url(#m)"/><line x1="${cx}" y1="8" x2="${cx}" y2="${hub - 40}" stroke="${f.dark}" stroke-width="6"/>${arms.join('')}<ellipse cx="${cx}" cy="${hub}" rx="22" ry="44" fill="url(#m)"/><circle cx="${cx}" cy="${hub + 52}" r="10" fill="${f.base}"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const ceilingLight: Drawing = ({ rng, finish: f, title }) => {
  const semi = /Semi-Flush/.test(title);
  const w = rng.int(260, 320);
  const y = semi ? 150 : 112;
  const drop = semi
    ? `<rect x="228" y="100" width="24" height="52" fill="url(#m)"/><ellipse cx="240" cy="104" rx="50" ry="10" fill="url(#mv)"/>`
    : '';
  const bowl = /Drum/.test(title)
    ? `<rect x="${240 - w / 2}" y="${y}" width="${w}" height="90" rx="6" fill="${rng.pick(['#f3efe6', '#e9e4da'])}"/><rect x="${240 - w / 2}" y="${y}" width="${w}" height="10" fill="url(#m)"/><rect x="${240 - w / 2}" y="${y + 80}" width="${w}" height="10" fill="url(#m)"/>`
    : `<path d="M${240 - w / 2} ${y} L${240 + w / 2} ${y} Q${240 + w / 2} ${y + 110} 240 ${y + 120} Q${240 - w / 2} ${y + 110} ${240 - w / 2} ${y} Z" fill="url(#glass)"/><rect x="${240 - w / 2 - 6}" y="${y - 6}" width="${w + 12}" height="14" rx="6" fill="url(#m)"/><circle cx="240" cy="${y + 110}" r="12" fill="url(#m)"/>`;
  const body = `<rect x="0" y="0" width="480" height="100" fill="#fbfaf8"/><rect x="0" y="98" width="480" height="3" fill="#e0ddd7"/>${drop}${bowl}<ellipse cx="240" cy="${y + 60}" rx="${w / 3}" ry="50" fill="url(#glow)" opacity="0.8"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const recessed: Drawing = ({ rng, finish: f, title }) => {
  const square = /Square/.test(title);
  const s = rng.int(150, 180);
  const trim = square
    ? `<rect x="${240 - s}" y="${240 - s}" width="${s * 2}" height="${s * 2}" rx="12" fill="url(#mv)"/><rect x="${240 - s + 26}" y="${240 - s + 26}" width="${s * 2 - 52}" height="${s * 2 - 52}" rx="8" fill="${shade(f.base, -0.25)}"/>`
    : `<circle cx="240" cy="240" r="${s}" fill="url(#mv)"/><circle cx="240" cy="240" r="${s - 26}" fill="${shade(f.base, -0.25)}"/>`;
  const rings = Array.from(
    { length: 5 },
    (_, i) =>
      `<circle cx="240" cy="240" r="${s - 34 - i * 14}" fill="none" stroke="${shade(f.base, -0.35)}" stroke-width="3"/>`,
  ).join('');
  const body = `<rect width="480" height="480" fill="#f7f6f3"/>${trim}${square ? '' : rings}<circle cx="240" cy="240" r="${s - 90}" fill="#fff6d6"/><circle cx="240" cy="240" r="${s - 60}" fill="url(#glow)"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const sconce: Drawing = ({ rng, finish: f, title }) => {
  const kind = shadeKind(rng, title, ['cylinder', 'globe', 'cone', 'bell']);
  const plate = rng.pick(['round', 'rect']);
  const backplate =
    plate === 'round'
      ? `<circle cx="150" cy="240" r="46" fill="url(#m)"/>`
      : `<rect x="130" y="140" width="40" height="200" rx="8" fill="url(#m)"/>`;
  const arm = `<path d="M160 240 L260 240 Q280 240 280 220 L280 190" fill="none" stroke="${f.base}" stroke-width="12" stroke-linecap="round"/>`;
  const body = `${backplate}${arm}<rect x="266" y="176" width="28" height="18" rx="4" fill="url(#m)"/>${shadeShape(kind, 280, kind === 'globe' ? 110 : 60, 130, 'url(#m)')}`;
  return frame(rng, f, body, { shadow: null });
};

export const vanityLight: Drawing = ({ rng, finish: f, title }) => {
  if (/LED Bar|Linear/.test(title)) {
    const body = `<rect x="60" y="206" width="360" height="60" rx="30" fill="url(#mv)"/><rect x="74" y="220" width="332" height="32" rx="16" fill="#fffaf0"/><ellipse cx="240" cy="236" rx="200" ry="60" fill="url(#glow)"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  const n = lightCount(title, 3);
  const kind = shadeKind(rng, title, ['globe', 'cylinder', 'bell', 'cone']);
  const span = 380 / n;
  const w = Math.min(110, span - 10);
  const up = kind === 'cylinder' || kind === 'globe' || rng.chance(0.5);
  const shades = Array.from({ length: n }, (_, i) => {
    const cx = r1(50 + span * (i + 0.5));
    const stem = `<line x1="${cx}" y1="240" x2="${cx}" y2="${up ? 200 : 280}" stroke="${f.base}" stroke-width="8"/>`;
    return (
      stem +
      shadeShape(kind, cx, up ? 200 - w * (kind === 'cylinder' ? 0.77 : 0.9) : 272, w, 'url(#m)')
    );
  }).join('');
  const body = `<rect x="40" y="228" width="400" height="24" rx="12" fill="url(#mv)"/>${shades}`;
  return frame(rng, f, body, { shadow: null });
};

export const underCabinet: Drawing = ({ rng, finish: f }) => {
  const body = `<rect x="0" y="60" width="480" height="120" fill="${rng.pick(['#f1efea', '#2e3d57', '#9aa78f', '#c49a66'])}"/><rect x="0" y="176" width="480" height="6" fill="#00000022"/><rect x="60" y="182" width="360" height="18" rx="6" fill="url(#mv)"/><rect x="68" y="196" width="344" height="6" rx="3" fill="#fffaf0"/><path d="M68 202 L412 202 L480 420 L0 420 Z" fill="#fff3c4" opacity="0.35"/><rect x="0" y="420" width="480" height="60" fill="#d8d4cc"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const ceilingFan: Drawing = ({ rng, finish: f, title }) => {
  const n = Number(/(\d)-Blade/.exec(title)?.[1] ?? 5);
  const blade = /Wood|Walnut|Oak/.test(title) ? rng.pick(WOODS).base : shade(f.base, 0.05);
  const offset = rng.int(0, 60);
  const blades = Array.from({ length: n }, (_, i) => {
    const angle = offset + (360 / n) * i;
    return `<g transform="rotate(${r1(angle)} 240 240)"><rect x="248" y="222" width="50" height="12" fill="url(#m)"/><path d="M290 214 L452 200 Q466 228 452 256 L290 246 Z" fill="${blade}"/><path d="M290 214 L452 200 Q466 228 452 256 L290 246 Z" fill="#000" opacity="0.06"/></g>`;
  }).join('');
  const kit = /with Light|LED/.test(title)
    ? `<circle cx="240" cy="240" r="44" fill="url(#glass)"/><circle cx="240" cy="240" r="60" fill="url(#glow)"/>`
    : `<circle cx="240" cy="240" r="16" fill="${f.dark}"/>`;
  const body = `${blades}<circle cx="240" cy="240" r="70" fill="url(#m)"/><circle cx="240" cy="240" r="62" fill="none" stroke="${f.dark}" stroke-width="2" opacity="0.4"/>${kit}`;
  return frame(rng, f, body, { shadow: null });
};

export const outdoorLight: Drawing = ({ rng, finish: f, title }) => {
  if (/Path Light|Bollard/.test(title)) {
    const body = `<rect x="232" y="180" width="16" height="220" fill="url(#m)"/><path d="M160 170 L320 170 L286 130 L194 130 Z" fill="url(#mv)"/><rect x="206" y="170" width="68" height="44" fill="#fff3c4" opacity="0.9"/><ellipse cx="240" cy="250" rx="120" ry="70" fill="url(#glow)"/><rect x="0" y="390" width="480" height="90" fill="#7c8f5a"/><rect x="0" y="390" width="480" height="8" fill="#6b7c4c"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  const w = rng.int(120, 150);
  const x = 260 - w / 2;
  const body = `<rect width="480" height="480" fill="${rng.pick(['#e6e2da', '#dfe3e6', '#e9e1d4'])}" opacity="0.6"/><rect x="120" y="150" width="40" height="200" rx="6" fill="url(#m)"/><rect x="158" y="240" width="${x - 158 + 10}" height="14" fill="${f.base}"/><path d="M${x - 14} 120 L${x + w + 14} 120 L${x + w / 2} 70 Z" fill="url(#mv)"/><rect x="${x}" y="120" width="${w}" height="${r1(w * 1.5)}" fill="url(#glass)" stroke="${f.base}" stroke-width="10"/><line x1="${x + w / 2}" y1="120" x2="${x + w / 2}" y2="${r1(120 + w * 1.5)}" stroke="${f.base}" stroke-width="6"/><ellipse cx="${x + w / 2}" cy="${r1(120 + w * 0.75)}" rx="30" ry="50" fill="url(#glow)"/><rect x="${x - 10}" y="${r1(118 + w * 1.5)}" width="${w + 20}" height="16" rx="4" fill="url(#mv)"/>`;
  return frame(rng, f, body, { shadow: null });
};
