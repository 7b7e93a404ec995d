/**
 * How Debian's Chromium is launched here, by the browser tests and the benchmarks alike: no
 * browser is ever downloaded, and without the background-networking flags Chromium floods the
 * closed network with requests.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
