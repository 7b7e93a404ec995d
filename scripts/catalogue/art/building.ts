import { METALS } from '../finishes';
import type { Drawing } from '../spec';
import { frame, shade } from './svg';

/** A recessed (shaker) panel: a frame in the finish and a flat centre a touch darker. */
const panel = (x: number, y: number, w: number, h: number, base: string, inset = 16) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="2" fill="${shade(base, 0.04)}" stroke="${shade(base, -0.2)}" stroke-width="2"/><rect x="${x + inset}" y="${y + inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="${shade(base, -0.06)}" stroke="${shade(base, -0.22)}" stroke-width="2"/>`;

export const cabinet: Drawing = ({ rng, finish: f, title }) => {
  const metal = rng.pick(METALS).base;
  if (/Wall Cabinet/.test(title)) {
    const body = `<rect x="100" y="90" width="280" height="280" fill="${f.base}"/>${panel(108, 98, 130, 264, f.base)}${panel(242, 98, 130, 264, f.base)}<rect x="222" y="300" width="7" height="44" rx="3" fill="${metal}"/><rect x="251" y="300" width="7" height="44" rx="3" fill="${metal}"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  const drawerBase = /Drawer Base|3-Drawer/.test(title);
  const fronts = drawerBase
    ? [0, 1, 2]
        .map(
          (i) =>
            `${panel(108, 140 + i * 82, 264, 76, f.base, 12)}<rect x="200" y="${172 + i * 82}" width="80" height="8" rx="4" fill="${metal}"/>`,
        )
        .join('')
    : `${panel(108, 140, 264, 56, f.base, 10)}<rect x="210" y="164" width="60" height="8" rx="4" fill="${metal}"/>${panel(108, 202, 130, 184, f.base)}${panel(242, 202, 130, 184, f.base)}<rect x="220" y="218" width="7" height="44" rx="3" fill="${metal}"/><rect x="253" y="218" width="7" height="44" rx="3" fill="${metal}"/>`;
  const body = `<rect x="92" y="114" width="296" height="20" fill="${rng.pick(['#e9e5dd', '#3b3d40', '#d8cfc0'])}"/><rect x="100" y="134" width="280" height="260" fill="${f.base}"/>${fronts}<rect x="104" y="394" width="272" height="20" fill="${f.dark}"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 416, rx: 160 } });
};

export const cabinetHardware: Drawing = ({ rng, finish: f, title }) => {
  // Shown on a cabinet door, face on, with the shadow it casts on the door below it.
  const door = rng.pick(['#f1efea', '#2e3d57', '#9aa78f', '#e9e4da', '#45484c', '#c49a66']);
  const backdrop = `<rect width="480" height="480" fill="${door}"/><rect x="40" y="40" width="400" height="400" fill="none" stroke="${shade(door, -0.12)}" stroke-width="6"/>`;
  const cast = (part: string) =>
    `<g transform="translate(8 12)" opacity="0.18" filter="url(#soft)">${part.replace(/fill="[^"]+"/g, 'fill="#000"')}</g>${part}`;
  let part: string;
  if (/Knob/.test(title)) {
    const r = rng.int(70, 95);
    part = `<circle cx="240" cy="240" r="${r}" fill="url(#m)"/><circle cx="240" cy="240" r="${r - 24}" fill="url(#mv)" opacity="0.7"/>`;
  } else if (/Cup Pull/.test(title)) {
    part = `<path d="M100 190 L380 190 L380 206 Q380 320 240 320 Q100 320 100 206 Z" fill="url(#m)"/><path d="M132 206 L348 206 Q348 290 240 290 Q132 290 132 206 Z" fill="${f.dark}" opacity="0.55"/>`;
  } else {
    const len = /12 in\.|Appliance/.test(title) ? 400 : rng.int(280, 360);
    const h = rng.pick([24, 30, 36]);
    const x0 = 240 - len / 2;
    const post = (cx: number) => `<circle cx="${cx}" cy="240" r="${h / 2 + 8}" fill="url(#mv)"/>`;
    part = `${post(x0 + 40)}${post(x0 + len - 40)}<rect x="${x0}" y="${240 - h / 2}" width="${len}" height="${h}" rx="${/T-Bar|Bar Pull/.test(title) ? h / 2 : 5}" fill="url(#mv)"/>`;
  }
  const soft = '<defs><filter id="soft"><feGaussianBlur stdDeviation="6"/></filter></defs>';
  return frame(rng, f, soft + backdrop + cast(part), { shadow: null });
};

export const doorHardware: Drawing = ({ rng, finish: f, title }) => {
  const door = `<rect width="480" height="480" fill="${rng.pick(['#f3f1ec', '#e7e3da', '#2e3d57', '#4a5b4f'])}"/>`;
  if (/Handleset/.test(title)) {
    const body = `${door}<rect x="180" y="60" width="90" height="360" rx="40" fill="url(#m)"/><circle cx="225" cy="130" r="26" fill="url(#mv)"/><rect x="219" y="118" width="12" height="24" rx="3" fill="${f.dark}"/><path d="M250 200 Q320 200 320 260 Q320 320 250 340" fill="none" stroke="${f.base}" stroke-width="22" stroke-linecap="round"/><rect x="236" y="220" width="22" height="40" rx="6" fill="${f.dark}"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  if (/Knob/.test(title)) {
    const knob = `<circle cx="240" cy="240" r="96" fill="url(#m)"/><circle cx="240" cy="240" r="72" fill="url(#mv)"/><circle cx="240" cy="240" r="44" fill="${f.light}" opacity="0.35"/>`;
    return frame(rng, f, door + knob, { shadow: null });
  }
  const rose = rng.chance(0.5)
    ? `<circle cx="170" cy="240" r="62" fill="url(#m)"/>`
    : `<rect x="120" y="168" width="100" height="144" rx="12" fill="url(#m)"/>`;
  const grip = `<circle cx="170" cy="240" r="32" fill="url(#mv)"/><rect x="170" y="222" width="210" height="36" rx="18" fill="url(#mv)"/>`;
  return frame(rng, f, `${door}${rose}${grip}`, { shadow: null });
};

export const door: Drawing = ({ rng, finish: f, title }) => {
  const metal = rng.pick(METALS).base;
  if (/Garage Door/.test(title)) {
    const rows = [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="56" y="${130 + i * 70}" width="368" height="66" fill="${shade(f.base, 0.04)}" stroke="${shade(f.base, -0.2)}" stroke-width="2"/>${[0, 1, 2, 3].map((k) => (i === 0 && /Window/.test(title) ? `<rect x="${70 + k * 90}" y="${142 + i * 70}" width="74" height="42" fill="url(#glass)"/>` : `<rect x="${70 + k * 90}" y="${142 + i * 70}" width="74" height="42" fill="none" stroke="${shade(f.base, -0.15)}" stroke-width="3"/>`)).join('')}`,
      )
      .join('');
    const body = `<rect x="30" y="100" width="420" height="330" fill="#d9d4ca"/>${rows}`;
    return frame(rng, f, body, { shadow: null });
  }
  const glassLite = /Glass|Lite/.test(title);
  const panels = glassLite
    ? `<rect x="178" y="80" width="124" height="${/Full Lite/.test(title) ? 300 : 150}" fill="url(#glass)" stroke="${shade(f.base, -0.25)}" stroke-width="4"/>`
    : /5-Panel/.test(title)
      ? [0, 1, 2, 3, 4].map((i) => panel(170, 76 + i * 64, 140, 56, f.base, 10)).join('')
      : /2-Panel|Two-Panel/.test(title)
        ? panel(170, 80, 140, 150, f.base) + panel(170, 250, 140, 150, f.base)
        : panel(170, 80, 140, 320, f.base, 20);
  const body = `<rect x="140" y="50" width="200" height="380" fill="${shade(f.base, -0.1)}"/><rect x="150" y="56" width="180" height="368" fill="${f.base}"/>${panels}<circle cx="310" cy="250" r="11" fill="${metal}"/><rect x="296" y="246" width="28" height="8" rx="4" fill="${metal}"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const windowUnit: Drawing = ({ rng, finish: f, title }) => {
  const grid = /Grid|Colonial/.test(title) || rng.chance(0.35);
  const doubleHung = /Double-Hung|Single-Hung/.test(title);
  const sash = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#glass)"/>${grid ? `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="${f.base}" stroke-width="6"/><line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="${f.base}" stroke-width="6"/>` : ''}`;
  const panes = doubleHung
    ? `${sash(124, 84, 232, 150)}<rect x="112" y="234" width="256" height="16" fill="${f.base}"/>${sash(124, 250, 232, 150)}`
    : /Sliding/.test(title)
      ? `${sash(124, 84, 112, 316)}<rect x="236" y="84" width="12" height="316" fill="${f.base}"/>${sash(248, 84, 108, 316)}`
      : `${sash(124, 84, 232, 316)}<rect x="330" y="230" width="14" height="40" rx="4" fill="${shade(f.base, -0.3)}"/>`;
  const body = `<rect width="480" height="480" fill="#e8e4dc" opacity="0.7"/><rect x="104" y="64" width="272" height="356" fill="url(#m)"/>${panes}<path d="M150 110 L230 110 L150 210 Z" fill="#ffffff" opacity="0.25"/><rect x="88" y="418" width="304" height="18" fill="${shade(f.base, 0.1)}"/>`;
  return frame(rng, f, body, { shadow: null });
};

export const mirror: Drawing = ({ rng, finish: f, title }) => {
  const reflect = `<linearGradient id="silver" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e7eef1"/><stop offset="1" stop-color="#aebcc4"/></linearGradient>`;
  const glint = `<path d="M150 130 L220 100 L150 300 L120 310 Z" fill="#ffffff" opacity="0.3"/>`;
  let body: string;
  if (/Round/.test(title)) {
    body = `<circle cx="240" cy="240" r="170" fill="url(#m)"/><circle cx="240" cy="240" r="156" fill="url(#silver)"/>`;
  } else if (/Arch/.test(title)) {
    body = `<path d="M110 420 L110 200 A130 130 0 0 1 370 200 L370 420 Z" fill="url(#m)"/><path d="M124 406 L124 200 A116 116 0 0 1 356 200 L356 406 Z" fill="url(#silver)"/>`;
  } else if (/Medicine Cabinet/.test(title)) {
    body = `<rect x="110" y="60" width="260" height="360" rx="6" fill="url(#m)"/><rect x="118" y="68" width="244" height="344" rx="4" fill="url(#silver)"/><rect x="362" y="70" width="12" height="340" fill="${shade(f.dark, -0.2)}"/>`;
  } else {
    body = `<rect x="120" y="60" width="240" height="360" rx="${rng.pick([4, 24, 60])}" fill="url(#m)"/><rect x="134" y="74" width="212" height="332" rx="${rng.pick([2, 16])}" fill="url(#silver)"/>`;
  }
  return frame(
    rng,
    f,
    `<defs>${reflect}</defs><rect width="480" height="480" fill="#e9e5de" opacity="0.6"/>${body}${glint}`,
    { shadow: null },
  );
};

export const exhaustFan: Drawing = ({ rng, finish: f, title }) => {
  const round = /Round/.test(title);
  const slots = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="150" y="${156 + i * 19}" width="180" height="9" rx="4" fill="${shade(f.base, -0.22)}"/>`,
  ).join('');
  const grille = round
    ? `<circle cx="240" cy="240" r="150" fill="url(#mv)"/><circle cx="240" cy="240" r="110" fill="${shade(f.base, -0.08)}"/>`
    : `<rect x="110" y="110" width="260" height="260" rx="14" fill="url(#mv)"/><rect x="130" y="130" width="220" height="220" rx="8" fill="${shade(f.base, -0.06)}"/>${slots}`;
  const light = /Light/.test(title)
    ? `<circle cx="240" cy="240" r="62" fill="url(#glass)"/><circle cx="240" cy="240" r="80" fill="url(#glow)"/>`
    : '';
  return frame(rng, f, `<rect width="480" height="480" fill="#f7f6f3"/>${grille}${light}`, {
    shadow: null,
  });
};

export const thermostat: Drawing = ({ rng, finish: f, title }) => {
  const body = /Round|Smart/.test(title)
    ? `<circle cx="240" cy="240" r="130" fill="url(#m)"/><circle cx="240" cy="240" r="100" fill="#16191d"/><path d="M170 280 A80 80 0 1 1 310 280" fill="none" stroke="${rng.pick(['#f08a3c', '#4aa3f0'])}" stroke-width="8" stroke-linecap="round"/><circle cx="240" cy="240" r="26" fill="#2a2f36"/>`
    : `<rect x="130" y="120" width="220" height="240" rx="22" fill="url(#mv)"/><rect x="160" y="150" width="160" height="100" rx="8" fill="#1f2a33"/><rect x="176" y="176" width="${rng.int(50, 110)}" height="12" fill="#6fd3f5"/><rect x="176" y="204" width="60" height="10" fill="#6fd3f5" opacity="0.6"/><circle cx="200" cy="300" r="16" fill="${shade(f.base, -0.2)}"/><circle cx="280" cy="300" r="16" fill="${shade(f.base, -0.2)}"/>`;
  return frame(rng, f, `<rect width="480" height="480" fill="#ebe8e2" opacity="0.6"/>${body}`, {
    shadow: null,
  });
};
