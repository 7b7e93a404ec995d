import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface PhotoServer {
  /** `http://127.0.0.1:{port}`: the site's address, for Photo URLs. */
  base: string;
  /** `127.0.0.1:{port}`, for the app's CLIP_ALLOW_HOSTS. */
  host: string;
  close: () => Promise<void>;
}

/**
 * A retailer's site on this machine serving a small JPEG at /photo.jpg (404 for anything else),
 * for the Photo URL of a product entered by hand. `hold` receives each reply instead of it going
 * at once, for tests that decide when the photo arrives.
 */
export async function startPhotoServer(
  opts: { hold?: (send: () => void) => void } = {},
): Promise<PhotoServer> {
  const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const send = () => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (opts.hold) opts.hold(send);
    else if (req.url === '/photo.jpg') send();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
