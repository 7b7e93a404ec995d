import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { migrateToLatest, openDatabase } from '../db/database';
import { CliError, createUser, grantReassign, revokeReassign } from './commands';

const USAGE = `Usage: npm run cli -- <command>

  grant-reassign <email>     let this user reassign, share and publish proposals
  revoke-reassign <email>    take that permission away
  create-user <email> --role contractor|homeowner --name "Full Name" [--phone …] [--company …]

The database is the one the app uses (DATA_DIR, or DATABASE_URL when set).`;

async function main(argv: string[]): Promise<string> {
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
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    switch (command) {
      case 'grant-reassign':
        return await grantReassign(database.db, email);
      case 'revoke-reassign':
        return await revokeReassign(database.db, email);
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

main(process.argv.slice(2)).then(
  (message) => console.log(message),
  (err: unknown) => {
    const known =
      err instanceof CliError ||
      err instanceof ConfigError ||
      (err instanceof TypeError && 'code' in err);
    console.error(known ? err.message : err);
    process.exitCode = 1;
  },
);
