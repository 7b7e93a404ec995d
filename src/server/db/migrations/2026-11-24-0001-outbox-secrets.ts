import type { Kysely } from 'kysely';

/*
 * mail_outbox keeps no message body in clear (docs/decisions/0008-security-hardening.md): `html`
 * and `text` give way to `body`, the message sealed with the app secret (mail/sealed-body.ts),
 * null once the message is sent or has finally failed.
 *
 * Rows already there: sent and failed ones lose their bodies. A migration has no key, so a message
 * still waiting (pending, or logged for /dev/mail) is carried over as `plain:{json}`, and the
 * mailer seals it at start, before the app serves anything (Mailer.sealLegacyBodies).
 */

export const LEGACY_PLAIN_PREFIX = 'plain:';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('body', 'text').execute();
  const waiting = (await db
    .selectFrom('mail_outbox')
    .select(['id', 'html', 'text'])
    .where('status', 'in', ['pending', 'logged'])
    .execute()) as { id: string; html: string; text: string }[];
  for (const row of waiting) {
    await db
      .updateTable('mail_outbox')
      .set({ body: LEGACY_PLAIN_PREFIX + JSON.stringify({ html: row.html, text: row.text }) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('mail_outbox').dropColumn('body').execute();
}
