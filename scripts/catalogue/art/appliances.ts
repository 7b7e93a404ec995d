import type { Drawing } from '../spec';
import { frame, shade } from './svg';

/*
 * Appliances face the viewer: a body in the finish's metal gradient, handles a shade darker, dark
 * glass for windows and displays.
 */

const handle = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="url(#mv)" stroke="#00000030" stroke-width="2"/>`;
const glass = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#1d2228"/><path d="M${x + 10} ${y + h - 10} L${x + w * 0.45} ${y + 10}" stroke="#ffffff" stroke-width="10" opacity="0.08"/>`;

export const refrigerator: Drawing = ({ rng, finish: f, title }) => {
  const x = 130;
  const w = 220;
  let doors: string;
  if (/Side-by-Side/.test(title)) {
    doors = `<line x1="240" y1="60" x2="240" y2="414" stroke="#00000040" stroke-width="3"/>${handle(222, 150, 10, 150)}${handle(248, 150, 10, 150)}<rect x="150" y="120" width="56" height="80" rx="6" fill="#2a3036"/>`;
  } else if (/Top-Freezer/.test(title)) {
    doors = `<line x1="${x}" y1="170" x2="${x + w}" y2="170" stroke="#00000040" stroke-width="3"/>${handle(x + 16, 90, 10, 60)}${handle(x + 16, 190, 10, 110)}`;
  } else {
    doors = `<line x1="240" y1="60" x2="240" y2="300" stroke="#00000040" stroke-width="3"/><line x1="${x}" y1="300" x2="${x + w}" y2="300" stroke="#00000040" stroke-width="3"/>${handle(222, 120, 10, 140)}${handle(248, 120, 10, 140)}${handle(180, 316, 120, 10)}${/Dispenser/.test(title) ? '<rect x="152" y="130" width="52" height="76" rx="6" fill="#2a3036"/>' : ''}`;
  }
  const body = `<rect x="${x}" y="56" width="${w}" height="360" rx="10" fill="url(#m)"/>${doors}<rect x="${x + 6}" y="408" width="${w - 12}" height="12" fill="${shade(f.dark, -0.3)}"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 422, rx: 130 } });
};

export const range: Drawing = ({ rng, finish: f, title }) => {
  const gas = /Gas|Dual Fuel/.test(title);
  const knobs = Array.from(
    { length: gas ? 6 : 5 },
    (_, i) =>
      `<circle cx="${112 + i * (256 / (gas ? 5 : 4))}" cy="178" r="11" fill="${shade(f.dark, -0.2)}"/>`,
  ).join('');
  const top = gas
    ? `<rect x="92" y="136" width="296" height="14" fill="#2a2a2c"/>${[150, 240, 330].map((x) => `<rect x="${x - 30}" y="128" width="60" height="10" rx="2" fill="#1c1c1e"/>`).join('')}`
    : `<rect x="92" y="138" width="296" height="12" fill="#141416"/>`;
  const body = `<rect x="92" y="96" width="296" height="40" rx="6" fill="url(#m)"/>${top}<rect x="92" y="150" width="296" height="262" rx="4" fill="url(#m)"/>${knobs}${handle(120, 208, 240, 12)}${glass(128, 232, 224, 130)}<rect x="104" y="380" width="272" height="24" rx="3" fill="${shade(f.base, -0.08)}"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 414, rx: 170 } });
};

export const cooktop: Drawing = ({ rng, finish: f, title }) => {
  const gas = /Gas/.test(title);
  const burners = gas
    ? [
        [160, 170],
        [320, 170],
        [160, 310],
        [320, 310],
        [240, 240],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="34" fill="#3a3a3c"/><circle cx="${x}" cy="${y}" r="18" fill="#1c1c1e"/><path d="M${(x ?? 0) - 56} ${y} L${(x ?? 0) + 56} ${y} M${x} ${(y ?? 0) - 56} L${x} ${(y ?? 0) + 56}" stroke="#111" stroke-width="10"/>`,
        )
        .join('')
    : [
        [160, 170, 56],
        [330, 170, 42],
        [160, 320, 42],
        [330, 320, 56],
      ]
        .map(
          ([x, y, r]) =>
            `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#4a4d52" stroke-width="3"/><circle cx="${x}" cy="${y}" r="${(r ?? 0) - 14}" fill="none" stroke="#3a3d42" stroke-width="2"/>`,
        )
        .join('');
  const surface = gas ? 'url(#m)' : '#1b1c1f';
  const body = `<rect x="70" y="90" width="340" height="300" rx="14" fill="${surface}"/>${burners}<rect x="190" y="360" width="100" height="14" rx="7" fill="${gas ? f.dark : '#4a4d52'}"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const wallOven: Drawing = ({ rng, finish: f, title }) => {
  const double = /Double/.test(title);
  const panel = `<rect x="110" y="70" width="260" height="40" rx="4" fill="#1d2228"/><rect x="210" y="82" width="60" height="16" rx="3" fill="#2f6b8f" opacity="0.7"/>`;
  const door = (y: number, h: number) =>
    `${handle(140, y + 12, 200, 10)}${glass(140, y + 34, 200, h - 50)}`;
  const doors = double ? door(112, 150) + door(264, 150) : door(112, 300);
  const body = `<rect x="100" y="60" width="280" height="360" rx="6" fill="url(#m)"/>${panel}${doors}${double ? '<line x1="100" y1="263" x2="380" y2="263" stroke="#00000040" stroke-width="3"/>' : ''}`;
  return frame(rng, f, body, { shadow: null });
};

export const dishwasher: Drawing = ({ rng, finish: f, title }) => {
  const hidden = /Top Control|Hidden/.test(title);
  const body = `<rect x="120" y="90" width="240" height="320" rx="6" fill="url(#m)"/>${hidden ? `<rect x="120" y="90" width="240" height="10" fill="${f.dark}"/>` : `<rect x="120" y="90" width="240" height="46" fill="${shade(f.dark, -0.1)}"/>${[0, 1, 2, 3].map((i) => `<circle cx="${300 + i * 12}" cy="113" r="3" fill="#8fd0ff"/>`).join('')}`}${handle(150, hidden ? 118 : 150, 180, 12)}<rect x="120" y="390" width="240" height="20" fill="#2a2a2c"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 412, rx: 130 } });
};

export const rangeHood: Drawing = ({ rng, finish: f, title }) => {
  if (/Under-Cabinet|Insert/.test(title)) {
    const body = `<rect x="60" y="80" width="360" height="140" fill="${rng.pick(['#f1efea', '#2e3d57', '#c49a66', '#9aa78f'])}"/><path d="M70 220 L410 220 L410 262 L70 280 Z" fill="url(#m)"/><rect x="110" y="268" width="260" height="8" rx="3" fill="#fff3c4"/><ellipse cx="240" cy="320" rx="150" ry="50" fill="url(#glow)"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  const w = /36 in\./.test(title) ? 330 : 290;
  const chimney = `<rect x="200" y="0" width="80" height="210" fill="url(#m)"/>`;
  const canopy =
    /Pyramid|Chimney/.test(title) || rng.chance(0.5)
      ? `<path d="M200 210 L280 210 L${240 + w / 2} 320 L${240 - w / 2} 320 Z" fill="url(#m)"/>`
      : `<path d="M200 210 L280 210 L280 260 L${240 + w / 2} 262 L${240 + w / 2} 320 L${240 - w / 2} 320 L${240 - w / 2} 262 L200 260 Z" fill="url(#m)"/>`;
  const body = `${chimney}${canopy}<rect x="${240 - w / 2}" y="316" width="${w}" height="18" fill="${f.dark}"/><ellipse cx="240" cy="380" rx="${w / 2}" ry="50" fill="url(#glow)"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const microwave: Drawing = ({ rng, finish: f, title }) => {
  const otr = /Over-the-Range/.test(title);
  const drawer = /Drawer/.test(title);
  const [w, h] = otr ? [360, 190] : [320, 200];
  const x = 240 - w / 2;
  const y = 150;
  const body = drawer
    ? `<rect x="${x}" y="170" width="${w}" height="140" rx="6" fill="url(#m)"/><rect x="${x}" y="170" width="${w}" height="30" fill="#1d2228"/>${handle(x + 60, 226, w - 120, 10)}`
    : `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="url(#m)"/>${glass(x + 18, y + 18, w - 110, h - 36)}<rect x="${x + w - 80}" y="${y + 18}" width="62" height="${h - 36}" rx="6" fill="#24292f"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${x + w - 72 + (i % 3) * 18}" y="${y + 60 + Math.floor(i / 3) * 22}" width="12" height="12" rx="2" fill="#4a525c"/>`).join('')}${otr ? `<rect x="${x}" y="${y + h - 12}" width="${w}" height="12" fill="${f.dark}"/>` : ''}`;
  return frame(rng, f, body, { shadow: otr || drawer ? null : { cx: 240, cy: 356, rx: 170 } });
};
