import type { Finish } from '../finishes';
import type { Rng } from '../random';

/*
 * The frame every illustration shares: a 480×480 light backdrop, a soft floor shadow and the
 * gradients the drawings fill with. Gradient ids: `m` (metal across), `mv` (metal down), `glass`,
 * `glow` (lit bulb).
 */

export const SIZE = 480;
const BACKDROPS = ['#f5f3ef', '#f2f4f6', '#f4f1ec', '#eef1ef', '#f6f4f1', '#f1f0f4'];

export interface FrameOptions {
  /** Where the floor shadow sits, or null for flat-lay pictures (tile, planks, swatches). */
  readonly shadow: { cx: number; cy: number; rx: number } | null;
}

export function frame(rng: Rng, finish: Finish, body: string, options: FrameOptions): string {
  const backdrop = rng.pick(BACKDROPS);
  const shadow = options.shadow
    ? `<ellipse cx="${options.shadow.cx}" cy="${options.shadow.cy}" rx="${options.shadow.rx}" ry="14" fill="#000" opacity="0.13" filter="url(#blur)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
<linearGradient id="m" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${finish.dark}"/><stop offset="0.3" stop-color="${finish.base}"/><stop offset="0.55" stop-color="${finish.light}"/><stop offset="0.8" stop-color="${finish.base}"/><stop offset="1" stop-color="${finish.dark}"/></linearGradient>
<linearGradient id="mv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${finish.light}"/><stop offset="0.45" stop-color="${finish.base}"/><stop offset="1" stop-color="${finish.dark}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef5f8"/><stop offset="1" stop-color="#c5d6de"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
<radialGradient id="back" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="${backdrop}"/>
<rect width="${SIZE}" height="${SIZE}" fill="url(#back)"/>
${shadow}
${body}
</svg>`;
}

/** `#rrggbb` lightened (amount > 0) or darkened (amount < 0) by a fraction of the way to white/black. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Rounds coordinates so the SVG (and therefore the JPEG) is byte-stable across runs. */
export const r1 = (n: number) => Math.round(n * 10) / 10;
