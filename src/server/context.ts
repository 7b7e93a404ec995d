import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './mail/mailer';
import type { Storage } from './files/storage';
import { UPLOAD_BUDGET } from './files/upload-budget-limits';
import type { Metrics } from './ops/metrics';
import type { PageParser } from './products/clip/page-parser';

/** What every feature's routes and services are given; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  storage: Storage;
  /** Parses clipped retailer pages in worker threads, off the request thread. */
  pageParser: PageParser;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; replaceable so tests can move time forward. */
  now: () => number;
  /** Limits that tests may tighten or loosen. */
  limits: Limits;
  metrics: Metrics;
  /** This process's name among several on one database (who holds a job's lease). */
  instanceId: string;
}

export interface Limits {
  /** Sign-in/sign-up e-mails per address per window. */
  authEmailsPerAddress: number;
  /** Sign-in/sign-up e-mails per client IP per window. */
  authEmailsPerIp: number;
  authEmailWindowMs: number;
  /** Invitation and proposal e-mails one sender sends one address per window (authEmailWindowMs). */
  proposalEmailsPerRecipient: number;
  /** How many senders may send one address invitations and proposals per window. */
  proposalSendersPerRecipient: number;
  /** General API requests per IP per minute. */
  requestsPerMinute: number;
  /** Browser error reports kept per hour from nobody signed in, all together (decision 0081). */
  clientErrorsPerHour: number;
  /** Messages to support (feedback, help) per hour from nobody signed in, all together (0081). */
  supportMessagesPerHour: number;
  /** Bytes of one account's uploads used by nothing yet, of the last day (decision 0088). */
  uploadBytesPerAccount: number;
  /** Bytes uploaded logged out from one client address in the last day, used or not (0088). */
  uploadBytesPerVisitorClient: number;
  /** Everyone's kept upload bytes past which logged-out uploads are refused (0088). */
  uploadBytesVisitorsStopAt: number;
  /** Everyone's kept upload bytes past which all uploads but signatures are refused (0088). */
  uploadBytesEveryoneStopAt: number;
}

export const defaultLimits: Limits = {
  authEmailsPerAddress: 5,
  authEmailsPerIp: 30,
  authEmailWindowMs: 60 * 60 * 1000,
  proposalEmailsPerRecipient: 20,
  proposalSendersPerRecipient: 10,
  requestsPerMinute: 1200,
  clientErrorsPerHour: 1000,
  supportMessagesPerHour: 100,
  uploadBytesPerAccount: UPLOAD_BUDGET.perAccount,
  uploadBytesPerVisitorClient: UPLOAD_BUDGET.perVisitorClient,
  uploadBytesVisitorsStopAt: UPLOAD_BUDGET.visitorsStopAt,
  uploadBytesEveryoneStopAt: UPLOAD_BUDGET.everyoneStopAt,
};
