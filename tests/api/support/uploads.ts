/** Upload helpers and test files for the photo-upload and file API tests. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { request, type CookieJar, type HttpResponse } from './http';
import type { TestApp } from './test-app';

/** The form of a photo upload (POST /api/proposal/photo-upload) of `bytes` as `field`. */
export function uploadForm(field: string, bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('used', field);
  form.append('originalName', name);
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

export async function upload(
  t: TestApp,
  /** One of FILE_FIELDS, or anything else to test refusals. */
  field: string,
  bytes: Buffer,
  name: string,
  who: { cookie?: string; jar?: CookieJar } = {},
): Promise<HttpResponse> {
  return request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
    body: uploadForm(field, bytes, name),
    cookie: who.cookie,
    jar: who.jar,
  });
}

/** The stored files of the app's local storage directory. */
export function storedFiles(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
    .gif()
    .toBuffer();

/** A 40×20 JPEG whose EXIF says "rotate 90° clockwise to view" (orientation 6), with a camera tag. */
export const rotatedJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

export const pdf = (size?: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  if (size === undefined) return head;
  const out = Buffer.alloc(size, 0x20);
  head.copy(out);
  return out;
};

/** A valid PNG header declaring a huge canvas: a few dozen bytes that would decode to 40 GB. */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
