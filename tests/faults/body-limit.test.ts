import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/support/test-app';
import { createProposal, signedInUser, type TestUser } from '../api/support/users';

/*
 * Issue 18: an oversized body always gets its 413 answer, and the client may finish sending it;
 * the connection is never cut while the client still sends (decision 0014).
 */

interface Outcome {
  status: number | undefined;
  body: string;
  /** A socket error on the client's side: the connection was cut. */
  error: string | undefined;
}

/** Sends `size` bytes as one request the way a browser does: all of it, reading the answer. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  head: Buffer,
  size: number,
  tail: Buffer,
  agent: http.Agent | false,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const out: Outcome = { status: undefined, body: '', error: undefined };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(out);
    };
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': String(size) },
      agent,
    });
    req.on('response', (res) => {
      out.status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (out.body += c));
      res.on('end', finish);
      res.on('error', (err) => {
        out.error = err.message;
        finish();
      });
    });
    req.on('error', (err) => {
      out.error = `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`;
      finish();
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        req.write(head);
        sent = head.length;
      }
      while (sent < size - tail.length) {
        const n = Math.min(chunk.length, size - tail.length - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

describe('oversized bodies', () => {
  let t: TestApp;
  let owner: TestUser;
  let id: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedInUser(t, 'big@example.com');
    id = await createProposal(t, owner);
  });
  afterAll(() => t.close());
  // Tries alternate between a client that asks to close the connection after the answer and
  // one that keeps it alive (a browser).
  const keepAlive = new http.Agent({ keepAlive: true });
  afterAll(() => keepAlive.destroy());

  const origin = () => new URL(t.baseUrl).origin;

  it('a 16 MB JSON PUT gets the 413 and its message, five times out of five', async () => {
    const size = 16 * 1024 * 1024;
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await send(
          `${t.baseUrl}/api/proposal/${id}`,
          'PUT',
          { 'content-type': 'application/json', cookie: owner.cookie, origin: origin() },
          Buffer.from('{"contract":"'),
          size,
          Buffer.from('"}'),
          i % 2 ? keepAlive : false,
        ),
      );
    }
    for (const o of outcomes) {
      expect(o.error).toBeUndefined();
      expect(o.status).toBe(413);
      expect(JSON.parse(o.body)).toMatchObject({
        statusCode: 413,
        message: 'The request is too large.',
      });
    }
  });

  it('a multipart upload over the limit gets the 413 and its message, five times out of five', async () => {
    const boundary = '----plansmith-limit';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="used"\r\n\r\ncurrentCondition\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="originalName"\r\n\r\nbig.pdf\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="currentCondition"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await send(
          `${t.baseUrl}/api/proposal/photo-upload`,
          'POST',
          {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            cookie: owner.cookie,
            origin: origin(),
          },
          head,
          20 * 1024 * 1024,
          tail,
          i % 2 ? keepAlive : false,
        ),
      );
    }
    for (const o of outcomes) {
      expect(o.error).toBeUndefined();
      expect(o.status).toBe(413);
      expect(JSON.parse(o.body)).toMatchObject({
        statusCode: 413,
        message: 'The file you are trying to upload is bigger than 15MB',
      });
    }
  });
});
