/**
 * A real SMTP server on loopback that keeps what it receives, so tests check sign-in and
 * notification mail exactly as users get it: through nodemailer, SMTP and a MIME parser.
 * With `dir` each message is also written as a JSON file, for readers in other processes
 * (Playwright workers read the mail the end-to-end server sent).
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

export interface Mail {
  /** Envelope recipients, lower-cased: what the server was asked to deliver to. */
  to: string[];
  from: string;
  /** The From header's first address and its display name, decoded ('' when absent). */
  fromAddress?: string;
  fromName?: string;
  /** The Reply-To header's addresses as text ('' when absent). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The Date header as ISO text (the receipt time when the header is missing). */
  date: string;
  /** When this mailbox received it, ms since the epoch; `since` filters on this. */
  receivedAt: number;
  /** The Message-ID header ('' when absent). */
  messageId: string;
  /** Every header as sent, by its lower-cased name, unfolded (the last of a repeated one). */
  headers: Record<string, string>;
}

export interface WaitOptions {
  subject?: RegExp;
  /**
   * Only mail received after this time: take `Date.now()` just before triggering the mail.
   * Strictly after, because a mail received earlier in that same millisecond is an older one;
   * the new one needs several milliseconds (HTTP, outbox, SMTP) to arrive.
   */
  since?: number;
  timeoutMs?: number;
}

export interface Mailbox {
  port: number;
  url: string;
  messages(): Mail[];
  /** The newest matching mail already received, else the next one to arrive. */
  waitFor(to: string, opts?: WaitOptions): Promise<Mail>;
  /** While true every message is refused with 451 (a temporary failure), as in an outage. */
  setRejecting(rejecting: boolean): void;
  /**
   * While true the mailbox accepts TCP connections and never greets, as a relay that hangs: the
   * client must give up by its own timeouts. Turned false, connections still open are greeted.
   */
  setSilent(silent: boolean): void;
  /**
   * While true each message's data is read, then left unanswered until holding is turned off;
   * `held()` names the recipients of the messages waiting so, in the order they arrived.
   */
  setHolding(holding: boolean): void;
  held(): string[];
  /** Refuses mail to these addresses with 550 (a permanent refusal), the rest as usual. */
  setRefused(addresses: string[]): void;
  /** Connections open now that were never greeted (silent mode). */
  ungreeted(): number;
  /** Connections accepted so far, greeted or not. */
  connections(): number;
  /**
   * Stops listening, as a relay that is down: new connections are refused (ECONNREFUSED) until
   * `acceptConnections`, which listens again on the same port. Sessions already open finish.
   */
  refuseConnections(): Promise<void>;
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
}

export function matches(mail: Mail, to: string, opts: WaitOptions = {}): boolean {
  return (
    mail.to.includes(to.trim().toLowerCase()) &&
    mail.receivedAt > (opts.since ?? -1) &&
    (opts.subject?.test(mail.subject) ?? true)
  );
}

/** The newest mail matching, or undefined. */
export function findMail(mails: Mail[], to: string, opts: WaitOptions = {}): Mail | undefined {
  return mails.filter((m) => matches(m, to, opts)).at(-1);
}

/** Every message written to `dir` by a mailbox, oldest first. */
export function readMailDir(dir: string): Mail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Mail)
    .sort((a, b) => a.receivedAt - b.receivedAt);
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

function writeMail(dir: string, mail: Mail): void {
  const base = `${mail.receivedAt}-${randomUUID()}`;
  // Write then rename, so a reader polling the directory never sees half a file.
  const temp = path.join(dir, `${base}.tmp`);
  fs.writeFileSync(temp, JSON.stringify(mail, null, 2));
  fs.renameSync(temp, path.join(dir, `${base}.json`));
}

export async function startMailbox(opts: { dir?: string } = {}): Promise<Mailbox> {
  const received: Mail[] = [];
  const events = new EventEmitter();
  let rejecting = false;
  let silent = false;
  let holding = false;
  let refused = new Set<string>();
  let connectionCount = 0;
  // Connections left without a greeting, and messages left without an answer.
  const waitingGreeting = new Map<string, () => void>();
  const heldMessages: { to: string[]; answer: () => void }[] = [];
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });

  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a self-signed cert.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // Let close() finish quickly even when a pooled client keeps its connection open.
    closeTimeout: 500,
    onConnect(session, callback) {
      connectionCount += 1;
      if (!silent) return callback();
      waitingGreeting.set(session.id, () => callback());
    },
    onClose(session) {
      // A client that gave up on the greeting: nothing is left to greet.
      waitingGreeting.delete(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const err: SMTPServerError = new Error('No such mailbox here');
      err.responseCode = 550;
      callback(err);
    },
    onData(stream, session, callback) {
      if (rejecting) {
        stream.resume();
        stream.on('end', () => {
          const err: SMTPServerError = new Error('Mailbox unavailable, try again later');
          err.responseCode = 451;
          callback(err);
        });
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          const receivedAt = Date.now();
          const mail: Mail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addresses(parsed.from),
            fromAddress: parsed.from?.value[0]?.address ?? '',
            fromName: parsed.from?.value[0]?.name ?? '',
            replyTo: addresses(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date(receivedAt)).toISOString(),
            receivedAt,
            messageId: parsed.messageId ?? '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          const answer = () => {
            received.push(mail);
            if (opts.dir) writeMail(opts.dir, mail);
            events.emit('mail', mail);
            callback();
          };
          if (holding) heldMessages.push({ to: mail.to, answer });
          else answer();
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });

  // smtp-server reports a client's dropped connection (an app instance killed with its pooled
  // connection open, a pool closing a socket) as an 'error' on the server; with no listener that
  // would end the test process. A relay shrugs those off; anything else is printed.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') console.error('smtp mailbox:', err);
  });

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(onPort, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    setRejecting(value) {
      rejecting = value;
    },
    setSilent(value) {
      silent = value;
      if (value) return;
      const waiting = [...waitingGreeting.values()];
      waitingGreeting.clear();
      for (const greet of waiting) greet();
    },
    setHolding(value) {
      holding = value;
      if (!value) for (const message of heldMessages.splice(0)) message.answer();
    },
    setRefused(addresses) {
      refused = new Set(addresses.map((a) => a.toLowerCase()));
    },
    held: () => heldMessages.flatMap((m) => m.to),
    ungreeted: () => waitingGreeting.size,
    connections: () => connectionCount,
    async refuseConnections() {
      // The listening socket only: SMTPServer.close() would also wait for open sessions.
      server.server.close();
    },
    async acceptConnections() {
      if (!server.server.listening) await listen(port);
    },
    waitFor(to, waitOpts = {}) {
      const found = findMail(received, to, waitOpts);
      if (found) return Promise.resolve(found);
      const timeoutMs = waitOpts.timeoutMs ?? 10_000;
      return new Promise<Mail>((resolve, reject) => {
        const onMail = (mail: Mail) => {
          if (!matches(mail, to, waitOpts)) return;
          clearTimeout(timer);
          events.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          events.off('mail', onMail);
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ');
          reject(
            new Error(`No mail to ${to} within ${timeoutMs} ms. Received: ${seen || 'nothing'}`),
          );
        }, timeoutMs);
        events.on('mail', onMail);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
