import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { migrateToLatest, openDatabase } from '../db/database';
import { backup, restore } from './backup';
import { CliError, createUser, endSessions, grantReassign, revokeReassign } from './commands';

const USAGE = `Usage: npm run cli -- <command>

  grant-reassign <email>     let this user reassign, share and publish proposals
  revoke-reassign <email>    take that permission away
  create-user <email> --role contractor|homeowner --name "Full Name" [--phone …] [--company …]
  end-sessions <email>       log this user out everywhere: end their sessions and unopened links
  backup <file>              write the SQLite database and the uploads of DATA_DIR into one archive
  restore <file>             bring such an archive back into an empty DATA_DIR

The database is the one the app uses (DATA_DIR, or DATABASE_URL when set). backup and restore
cover only the embedded default; PostgreSQL and S3 have their own tools (see the README).`;

export interface CliResult {
  exitCode: 0 | 1;
  /** What goes to stdout on success, or to stderr on failure. */
  output: string;
}

/**
 * One `npm run cli` command, from its arguments and environment to what it prints and its exit
 * code; main.ts is the process around it, and tests call it in-process.
 */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<CliResult> {
  try {
    return { exitCode: 0, output: await run(argv, env) };
  } catch (err) {
    const known =
      err instanceof CliError ||
      err instanceof ConfigError ||
      (err instanceof TypeError && 'code' in err);
    if (!known) throw err;
    return { exitCode: 1, output: err.message };
  }
}

async function run(argv: string[], env: Record<string, string | undefined>): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      company: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, email] = positionals;
  if (!command || values.help) return USAGE;
  const config = loadConfig(env);
  // Before the database is opened: a backup must not migrate what it copies, and opening would
  // create the database in the empty DATA_DIR a restore needs.
  if (command === 'backup') return backup(config, positionals[1]);
  if (command === 'restore') return restore(config, positionals[1]);
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    switch (command) {
      case 'grant-reassign':
        return await grantReassign(database.db, email);
      case 'revoke-reassign':
        return await revokeReassign(database.db, email);
      case 'end-sessions':
        return await endSessions(database.db, email);
      case 'create-user':
        return await createUser(database.db, {
          email,
          role: values.role,
          name: values.name,
          phoneNumber: values.phone,
          companyName: values.company,
        });
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}
