/**
 * Writes a generated benchmark organization into the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR):
 *
 *   npm run seed -- --chats 10000 --messages 200000 [--seed 1] [--operators 50] [--teams 5] [--login bench1]
 */
import { parseArgs } from 'node:util';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import {
  BENCH_LOGIN,
  seedBenchOrganization,
  type BenchOrganizationOptions,
} from './demo/bench-organization';
import { systemClock } from './clock';

const USAGE = `usage: npm run seed -- --chats N --messages M [--seed S] [--operators N] [--teams N] [--login LOGIN]

  --chats N        chats to create (required)
  --messages M     messages spread over the chats, at least one per chat (required)
  --seed S         seed of the generator: the same seed gives the same data (default 1)
  --operators N    operators, spread over the teams (default 50)
  --teams N        teams, each with its own site-chat channel (default 5)
  --login LOGIN    organization login (default bench<seed>)

The database is DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).`;

class UsageError extends Error {}

function count(
  name: string,
  raw: string | undefined,
  fallback: number | undefined,
  min: number,
): number {
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw.replaceAll('_', '')))
    throw new UsageError(`--${name} must be a whole number, not "${raw}"`);
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < min)
    throw new UsageError(`--${name} must be at least ${min}, not ${raw}`);
  return value;
}

function parseOptions(argv: string[]): BenchOrganizationOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        chats: { type: 'string' },
        messages: { type: 'string' },
        seed: { type: 'string' },
        operators: { type: 'string' },
        teams: { type: 'string' },
        login: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  const chats = count('chats', values.chats, undefined, 1);
  const messages = count('messages', values.messages, undefined, 1);
  if (messages < chats)
    throw new UsageError(
      `--messages (${messages}) must be at least --chats (${chats}): every chat holds at least one message`,
    );
  const options: BenchOrganizationOptions = {
    seed: count('seed', values.seed, 1, 0),
    chats,
    messages,
    operators: count('operators', values.operators, 50, 0),
    teams: count('teams', values.teams, 5, 1),
  };
  if (values.login !== undefined) {
    if (!BENCH_LOGIN.test(values.login))
      throw new UsageError(
        `--login must be lowercase letters, digits and dashes, not "${values.login}"`,
      );
    options.login = values.login;
  }
  return options;
}

async function main(): Promise<number> {
  let options: BenchOrganizationOptions | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`seed: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = readConfig();
  const where = config.databaseUrl
    ? `PostgreSQL ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}`
    : `PGlite in ${config.dataDir}`;
  console.log(
    `Seeding ${options.chats} chats, ${options.messages} messages (seed ${options.seed}) into ${where} …`,
  );
  const started = performance.now();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const opened = performance.now();
    const org = await seedBenchOrganization(database.db, options, systemClock.now());
    const done = performance.now();
    const c = org.counts;
    console.log(`
Organization   ${org.login}  (id ${org.orgId})
Administrator  ${org.adminEmail}  password ${org.password}
Operators      ${org.operatorEmails[0] ?? '(none)'} … ${org.operatorEmails[org.operatorEmails.length - 1] ?? ''}  (${org.operatorIds.length}, same password)
Created        ${c.teams} teams, ${c.users} users, ${c.channels} channels, ${c.clients} clients,
               ${c.clientContacts} client contacts, ${c.clientStatuses} client statuses,
               ${c.chats.total} chats (${c.chats.pending} pending, ${c.chats.assigned} assigned, ${c.chats.closed} closed),
               ${c.messages} messages, ${c.chatHistory} history entries
Time           ${((done - opened) / 1000).toFixed(1)} s seeding (${((done - started) / 1000).toFixed(1)} s with opening and migrating the database)`);
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
