import { FABRICS, METALS } from '../finishes';
import type { Drawing } from '../spec';
import { frame, r1, shade } from './svg';

/** A metal tube: the finish colour with a thin highlight, which reads as polished from afar. */
const tube = (d: string, width: number, base: string, light: string) =>
  `<path d="${d}" fill="none" stroke="${base}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="${d}" fill="none" stroke="${light}" stroke-width="${Math.max(2, width / 5)}" stroke-linecap="round" transform="translate(-${r1(width / 5)} 0)" opacity="0.8"/>`;

export const kitchenFaucet: Drawing = ({ rng, finish: f, title }) => {
  const x = 175;
  const radius = rng.int(58, 82);
  const top = rng.int(110, 150);
  const end = x + 2 * radius;
  const spring = /Commercial|Spring/.test(title);
  const coil = spring
    ? Array.from({ length: 9 }, (_, i) => {
        const y = top + 18 + i * ((250 - top) / 9);
        return `<ellipse cx="${x}" cy="${r1(y)}" rx="20" ry="6" fill="none" stroke="${f.dark}" stroke-width="5"/>`;
      }).join('')
    : '';
  const body = [
    `<ellipse cx="${x}" cy="402" rx="62" ry="13" fill="url(#mv)"/>`,
    `<rect x="${x - 20}" y="250" width="40" height="152" rx="12" fill="url(#m)"/>`,
    tube(
      `M${x} 262 L${x} ${top} A${radius} ${radius} 0 0 1 ${end} ${top} L${end} ${top + 30}`,
      22,
      f.base,
      f.light,
    ),
    coil,
    `<rect x="${end - 15}" y="${top + 26}" width="30" height="70" rx="11" fill="url(#m)"/>`,
    `<rect x="${end - 11}" y="${top + 90}" width="22" height="7" rx="3" fill="${f.dark}"/>`,
    tube(`M${x + 18} 300 L${x + 78} ${rng.int(270, 290)}`, 14, f.base, f.light),
    /Soap/.test(title)
      ? `<rect x="${x - 112}" y="330" width="26" height="72" rx="6" fill="url(#m)"/><path d="M${x - 99} 330 L${x - 99} 310 L${x - 82} 310" stroke="${f.base}" stroke-width="8" fill="none" stroke-linecap="round"/>`
      : '',
  ].join('');
  return frame(rng, f, body, { shadow: { cx: x + radius, cy: 410, rx: 140 } });
};

export const bathroomFaucet: Drawing = ({ rng, finish: f, title }) => {
  const tall = /Vessel/.test(title);
  const top = tall ? 170 : rng.int(250, 280);
  const spout = `<rect x="120" y="${top + 8}" width="130" height="24" rx="11" fill="url(#mv)"/><rect x="120" y="${top + 20}" width="24" height="30" rx="8" fill="url(#m)"/>`;
  const handles = /Widespread|Two-Handle|Centerset/.test(title)
    ? [150, 330]
        .map((hx) => {
          const dx = hx < 240 ? -1 : 1;
          return `<ellipse cx="${hx}" cy="402" rx="30" ry="8" fill="url(#mv)"/><rect x="${hx - 14}" y="350" width="28" height="52" rx="8" fill="url(#m)"/>${tube(`M${hx} 352 L${hx + dx * 30} 332`, 11, f.base, f.light)}`;
        })
        .join('')
    : tube(`M240 ${top + 4} L${rng.pick([280, 300])} ${top - 34}`, 13, f.base, f.light);
  const body = [
    `<ellipse cx="240" cy="402" rx="52" ry="11" fill="url(#mv)"/>`,
    `<rect x="214" y="${top}" width="52" height="${402 - top}" rx="14" fill="url(#m)"/>`,
    spout,
    handles,
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 410, rx: 130 } });
};

export const sink: Drawing = ({ rng, finish: f, title }) => {
  if (/Vessel/.test(title)) {
    const body = `<path d="M130 250 A110 110 0 0 0 350 250 Z" fill="url(#mv)"/><ellipse cx="240" cy="250" rx="110" ry="22" fill="${f.light}"/><ellipse cx="240" cy="254" rx="96" ry="16" fill="${shade(f.base, -0.12)}"/><rect x="60" y="356" width="360" height="24" rx="4" fill="#d9d5cd"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  if (/Pedestal/.test(title)) {
    const body = `<path d="M110 170 L370 170 Q370 250 290 262 L190 262 Q110 250 110 170 Z" fill="url(#mv)"/><rect x="104" y="158" width="272" height="18" rx="8" fill="${f.light}"/><path d="M205 262 L275 262 L290 410 L190 410 Z" fill="url(#m)"/><ellipse cx="240" cy="172" rx="90" ry="8" fill="${shade(f.base, -0.15)}"/>`;
    return frame(rng, f, body, { shadow: { cx: 240, cy: 412, rx: 90 } });
  }
  const double = /Double/.test(title);
  const apron = /Farmhouse|Apron/.test(title);
  const bowl = (x: number, w: number) =>
    `<rect x="${x}" y="150" width="${w}" height="170" rx="${rng.int(10, 30)}" fill="${shade(f.base, -0.18)}"/><rect x="${x + 8}" y="158" width="${w - 16}" height="154" rx="18" fill="url(#mv)" opacity="0.85"/><circle cx="${x + w / 2}" cy="280" r="14" fill="${shade(f.dark, -0.2)}"/><circle cx="${x + w / 2}" cy="280" r="6" fill="${f.light}"/>`;
  const bowls = double ? bowl(96, 138) + bowl(246, 138) : bowl(96, 288);
  const front = apron
    ? `<rect x="70" y="340" width="340" height="80" rx="6" fill="url(#mv)"/><rect x="70" y="340" width="340" height="6" fill="${f.light}"/>`
    : '';
  const body = `<rect x="70" y="120" width="340" height="${apron ? 224 : 230}" rx="16" fill="${f.base}"/><rect x="70" y="120" width="340" height="${apron ? 224 : 230}" rx="16" fill="url(#m)" opacity="0.5"/>${bowls}${front}`;
  return frame(rng, f, body, { shadow: apron ? { cx: 240, cy: 424, rx: 170 } : null });
};

export const vanity: Drawing = ({ rng, finish: f, title }) => {
  const double = /Double/.test(title) || /(60|72) in\./.test(title);
  const [x0, x1] = double ? [50, 430] : [100, 380];
  const metal = rng.pick(METALS);
  const drawers = rng.chance(0.5);
  const width = x1 - x0;
  const doors = double ? 4 : 2;
  const doorW = (width - 28) / doors;
  const fronts = Array.from({ length: doors }, (_, i) => {
    const dx = x0 + 14 + i * doorW;
    const pullX = i % 2 === 0 ? dx + doorW - 22 : dx + 14;
    return drawers && i % 2 === 1 && !double
      ? [0, 1, 2]
          .map(
            (k) =>
              `<rect x="${r1(dx + 4)}" y="${232 + k * 50}" width="${r1(doorW - 8)}" height="44" rx="3" fill="${shade(f.base, 0.06)}" stroke="${f.dark}" stroke-width="2"/><rect x="${r1(dx + doorW / 2 - 20)}" y="${250 + k * 50}" width="40" height="6" rx="3" fill="${metal.base}"/>`,
          )
          .join('')
      : `<rect x="${r1(dx + 4)}" y="232" width="${r1(doorW - 8)}" height="144" rx="3" fill="${shade(f.base, 0.06)}" stroke="${f.dark}" stroke-width="2"/><rect x="${r1(dx + 16)}" y="246" width="${r1(doorW - 32)}" height="116" fill="none" stroke="${shade(f.base, -0.15)}" stroke-width="3"/><rect x="${r1(pullX)}" y="270" width="7" height="44" rx="3" fill="${metal.base}"/>`;
  }).join('');
  const tap = (cx: number) =>
    `<rect x="${cx - 7}" y="170" width="14" height="32" rx="4" fill="${metal.base}"/><rect x="${cx - 24}" y="170" width="30" height="9" rx="4" fill="${metal.base}"/>`;
  const body = [
    `<rect x="${x0}" y="214" width="${width}" height="172" rx="4" fill="${f.base}"/>`,
    `<rect x="${x0 - 8}" y="198" width="${width + 16}" height="18" rx="3" fill="#eeebe5"/><rect x="${x0 - 8}" y="212" width="${width + 16}" height="4" fill="#cfcac1"/>`,
    fronts,
    `<rect x="${x0 + 6}" y="386" width="14" height="26" fill="${f.dark}"/><rect x="${x1 - 20}" y="386" width="14" height="26" fill="${f.dark}"/>`,
    double ? tap(x0 + width / 4) + tap(x0 + (3 * width) / 4) : tap(240),
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 414, rx: width / 2 + 20 } });
};

export const vanityTop: Drawing = ({ rng, finish: f, title }) => {
  const veins = /Marble|Calacatta|Carrara/.test(title)
    ? Array.from({ length: 4 }, () => {
        const y = rng.int(215, 290);
        return `<path d="M${rng.int(70, 160)} ${y} C${rng.int(160, 240)} ${y + rng.int(-30, 30)} ${rng.int(240, 320)} ${y + rng.int(-30, 30)} ${rng.int(330, 410)} ${y + rng.int(-20, 20)}" fill="none" stroke="${f.dark}" stroke-width="${rng.pick([1.5, 2, 3])}" opacity="0.45"/>`;
      }).join('')
    : '';
  const body = [
    `<rect x="90" y="150" width="300" height="58" fill="${shade(f.base, -0.04)}"/>`,
    `<path d="M90 206 L390 206 L430 300 L50 300 Z" fill="${f.base}"/>`,
    veins,
    `<rect x="50" y="300" width="380" height="22" fill="${shade(f.base, -0.12)}"/>`,
    `<ellipse cx="240" cy="258" rx="78" ry="24" fill="${shade(f.base, -0.2)}"/><ellipse cx="240" cy="262" rx="66" ry="17" fill="${shade(f.base, -0.3)}"/>`,
    [200, 240, 280]
      .map((cx) => `<ellipse cx="${cx}" cy="222" rx="6" ry="3" fill="${shade(f.dark, -0.3)}"/>`)
      .join(''),
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 326, rx: 200 } });
};

export const toilet: Drawing = ({ rng, finish: f, title }) => {
  const onePiece = /One-Piece|Wall-Hung/.test(title);
  const tank = onePiece
    ? `<rect x="172" y="140" width="136" height="100" rx="34" fill="url(#m)"/>`
    : `<rect x="158" y="98" width="164" height="18" rx="6" fill="${f.light}"/><rect x="165" y="114" width="150" height="116" rx="10" fill="url(#m)"/><rect x="176" y="132" width="22" height="7" rx="3" fill="#b9c0c7"/>`;
  const body = [
    tank,
    `<path d="M145 256 Q148 334 206 352 L198 402 L282 402 L274 352 Q332 334 335 256 Z" fill="url(#m)"/>`,
    `<ellipse cx="240" cy="254" rx="100" ry="${rng.int(22, 28)}" fill="${f.light}"/><ellipse cx="240" cy="254" rx="78" ry="14" fill="${shade(f.base, -0.1)}"/>`,
    `<rect x="190" y="398" width="100" height="10" rx="4" fill="${f.dark}"/>`,
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 410, rx: 90 } });
};

export const bathtub: Drawing = ({ rng, finish: f, title }) => {
  const metal = rng.pick(METALS);
  if (/Alcove|Drop-In/.test(title)) {
    const body = `<rect x="50" y="120" width="380" height="130" fill="#e9e6e0"/><rect x="46" y="232" width="388" height="20" rx="6" fill="${f.light}"/><rect x="52" y="250" width="376" height="142" rx="4" fill="url(#mv)"/><rect x="96" y="180" width="34" height="14" rx="6" fill="${metal.base}"/><circle cx="113" cy="160" r="14" fill="${metal.base}"/>`;
    return frame(rng, f, body, { shadow: { cx: 240, cy: 398, rx: 200 } });
  }
  const claw = /Clawfoot/.test(title);
  const feet = claw
    ? [110, 370]
        .map(
          (x) =>
            `<path d="M${x - 12} 360 L${x + 12} 360 L${x + 16} 398 L${x - 16} 398 Z" fill="${metal.base}"/>`,
        )
        .join('')
    : '';
  const body = [
    feet,
    `<path d="M64 212 L416 212 Q410 262 398 304 Q380 366 300 374 L180 374 Q100 366 82 304 Q70 262 64 212 Z" fill="url(#mv)"/>`,
    `<rect x="58" y="202" width="364" height="18" rx="9" fill="${shade(f.light, 0.2)}"/>`,
    `<path d="M402 212 L402 120 Q402 100 382 100 L366 100" fill="none" stroke="${metal.base}" stroke-width="10" stroke-linecap="round"/>`,
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: claw ? 402 : 380, rx: 170 } });
};

export const showerValve: Drawing = ({ rng, finish: f, title }) => {
  const square = /Square/.test(title) || rng.chance(0.25);
  const plate = square
    ? `<rect x="130" y="110" width="220" height="260" rx="18" fill="url(#m)"/>`
    : `<circle cx="240" cy="240" r="118" fill="url(#m)"/><circle cx="240" cy="240" r="104" fill="none" stroke="${f.dark}" stroke-width="2" opacity="0.5"/>`;
  const diverter = /Diverter|Thermostatic/.test(title)
    ? `<circle cx="240" cy="320" r="16" fill="url(#mv)"/><rect x="236" y="306" width="8" height="28" rx="3" fill="${f.dark}"/>`
    : '';
  const body = [
    `<rect x="0" y="0" width="480" height="480" fill="#ebe8e2" opacity="0.6"/>`,
    plate,
    `<circle cx="240" cy="226" r="34" fill="url(#mv)"/>`,
    tube(`M240 226 L${rng.int(330, 350)} ${rng.int(196, 214)}`, 20, f.base, f.light),
    diverter,
  ].join('');
  return frame(rng, f, body, { shadow: null });
};

export const showerHead: Drawing = ({ rng, finish: f, title }) => {
  const square = /Square/.test(title);
  const size = rng.int(96, 118);
  const cx = 260;
  const cy = 270;
  const head = square
    ? `<rect x="${cx - size}" y="${cy - size}" width="${size * 2}" height="${size * 2}" rx="16" fill="url(#m)"/>`
    : `<circle cx="${cx}" cy="${cy}" r="${size}" fill="url(#m)"/>`;
  const nozzles: string[] = [];
  for (let ring = 1; ring <= 4; ring++) {
    const count = ring * 8;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      const d = ring * (size / 5);
      nozzles.push(
        `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d)}" r="3" fill="${f.dark}"/>`,
      );
    }
  }
  const body = `${tube(`M60 40 L60 110 Q60 130 80 130 L${cx} 130 L${cx} ${cy - size + 4}`, 16, f.base, f.light)}${head}<circle cx="${cx}" cy="${cy}" r="${size - 10}" fill="${shade(f.base, -0.08)}"/>${nozzles.join('')}`;
  return frame(rng, f, body, { shadow: null });
};

export const showerDoor: Drawing = ({ rng, finish: f, title }) => {
  const sliding = /Sliding|Bypass/.test(title);
  const panes = sliding
    ? `<rect x="80" y="80" width="180" height="330" fill="url(#glass)" opacity="0.85"/><rect x="220" y="80" width="180" height="330" fill="url(#glass)" opacity="0.7"/><rect x="70" y="66" width="340" height="14" rx="4" fill="url(#mv)"/>`
    : `<rect x="90" y="70" width="150" height="340" fill="url(#glass)" opacity="0.85"/><rect x="244" y="70" width="150" height="340" fill="url(#glass)" opacity="0.85"/><rect x="236" y="150" width="12" height="12" fill="${f.base}"/><rect x="236" y="320" width="12" height="12" fill="${f.base}"/>`;
  const glints = [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${120 + i * 110} 110 L${190 + i * 110} 40" stroke="#ffffff" stroke-width="${10 - i * 3}" opacity="0.45" transform="translate(0 ${90 + i * 40})"/>`,
    )
    .join('');
  const handle = `<rect x="${sliding ? 230 : 214}" y="210" width="10" height="110" rx="5" fill="url(#m)"/>`;
  const body = `${panes}${glints}${handle}<rect x="70" y="410" width="340" height="10" rx="3" fill="${f.base}"/>`;
  return frame(rng, f, body, { shadow: { cx: 240, cy: 420, rx: 180 } });
};

export const disposal: Drawing = ({ rng, finish: f }) => {
  const body = [
    `<ellipse cx="240" cy="110" rx="64" ry="14" fill="#c4c8cc"/><rect x="214" y="110" width="52" height="36" fill="#aeb3b8"/>`,
    `<rect x="160" y="140" width="160" height="240" rx="34" fill="url(#m)"/>`,
    `<rect x="160" y="200" width="160" height="10" fill="${f.dark}" opacity="0.5"/>`,
    `<path d="M320 180 L372 180 Q386 180 386 194 L386 224" fill="none" stroke="#b9c0c7" stroke-width="20" stroke-linecap="round"/>`,
    `<rect x="200" y="250" width="80" height="48" rx="6" fill="${shade(f.base, 0.25)}" opacity="0.6"/>`,
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 386, rx: 100 } });
};

export const waterHeater: Drawing = ({ rng, finish: f, title }) => {
  if (/Tankless/.test(title)) {
    const body = `<rect x="150" y="90" width="180" height="280" rx="16" fill="url(#m)"/><rect x="200" y="150" width="80" height="40" rx="6" fill="#1f2a33"/><rect x="212" y="162" width="${rng.int(24, 52)}" height="6" fill="#6fd3f5"/><path d="M200 370 L200 420 M240 370 L240 420 M280 370 L280 420" stroke="#b87333" stroke-width="12"/>`;
    return frame(rng, f, body, { shadow: null });
  }
  const body = [
    `<path d="M205 80 L205 40 M275 80 L275 40" stroke="#b87333" stroke-width="14"/>`,
    `<rect x="150" y="70" width="180" height="330" rx="26" fill="url(#m)"/>`,
    `<ellipse cx="240" cy="78" rx="90" ry="16" fill="${f.light}"/>`,
    `<rect x="212" y="300" width="56" height="46" rx="6" fill="#2f3b46"/><circle cx="240" cy="323" r="12" fill="${rng.pick(['#d94b3d', '#3d7bd9'])}"/>`,
    `<rect x="176" y="140" width="128" height="60" rx="4" fill="#ffffff" opacity="0.7"/>`,
  ].join('');
  return frame(rng, f, body, { shadow: { cx: 240, cy: 404, rx: 110 } });
};

export const bathAccessory: Drawing = ({ rng, finish: f, title }) => {
  const towel = rng.pick(FABRICS);
  const post = (x: number, y: number) =>
    `<rect x="${x - 16}" y="${y - 16}" width="32" height="32" rx="16" fill="url(#mv)"/>`;
  let body: string;
  if (/Towel Ring/.test(title)) {
    body = `${post(240, 130)}<rect x="232" y="140" width="16" height="40" fill="${f.base}"/><circle cx="240" cy="260" r="84" fill="none" stroke="${f.base}" stroke-width="14"/><path d="M170 190 Q240 260 310 190 L320 330 Q240 370 160 330 Z" fill="${towel}"/>`;
  } else if (/Toilet Paper/.test(title)) {
    body = `${post(180, 220)}<rect x="180" y="212" width="130" height="16" rx="8" fill="${f.base}"/><rect x="200" y="170" width="100" height="100" rx="14" fill="#fbfbfa"/><ellipse cx="300" cy="220" rx="16" ry="50" fill="#e4e4e2"/><ellipse cx="300" cy="220" rx="6" ry="16" fill="#b4aea2"/>`;
  } else if (/Grab Bar/.test(title)) {
    body = `${post(100, 240)}${post(380, 240)}${tube('M100 240 L380 240', 26, f.base, f.light)}`;
  } else {
    body = `${post(90, 170)}${post(390, 170)}${tube('M90 170 L390 170', 16, f.base, f.light)}<path d="M140 166 L340 166 L334 390 L146 390 Z" fill="${towel}"/><rect x="146" y="340" width="188" height="12" fill="${shade(towel, -0.1)}"/>`;
  }
  return frame(
    rng,
    f,
    `<rect x="0" y="0" width="480" height="480" fill="#ece9e3" opacity="0.5"/>${body}`,
    {
      shadow: null,
    },
  );
};
