import type { Executor } from '../db/helpers';

/**
 * Takes the lease on `name` until `until` when nobody holds it (no row, or its lease has run out),
 * in one statement: of several instances asking at once, exactly one is answered true. The row
 * stays behind as the record of who took it last and when.
 */
export async function takeLease(
  db: Executor,
  lease: { name: string; holder: string; now: number; until: number },
): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({
      name: lease.name,
      holder: lease.holder,
      taken_at: lease.now,
      expires_at: lease.until,
    })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          taken_at: eb.ref('excluded.taken_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('job_leases.expires_at', '<=', lease.now),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who took a job's lease last, and until when (tests and operators). */
export function findLease(db: Executor, name: string) {
  return db
    .selectFrom('job_leases')
    .select(['name', 'holder', 'taken_at', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst();
}
