import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { seedBenchOrganization, type BenchOrganization } from '../server/demo/bench-organization';
import { systemClock } from '../server/clock';

/** DESIGN §6's organization: 10,000 chats, 200,000 messages, 50 operators, 5 teams. */
export const BENCH_SIZE = {
  seed: Number(process.env.BENCH_SEED ?? 1),
  chats: Number(process.env.BENCH_CHATS ?? 10_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 200_000),
};

const ORG_FILE = 'bench-organization.json';

/** Seeds the organization into a PGlite folder and records what was made beside the data. */
export async function seedInto(dataDir: string): Promise<BenchOrganization> {
  const database = await openDatabase({ dataDir });
  try {
    const org = await seedBenchOrganization(database.db, BENCH_SIZE, systemClock.now());
    writeFileSync(join(dataDir, ORG_FILE), JSON.stringify(org));
    return org;
  } finally {
    await database.close();
  }
}

export type SeededCopy = { dataDir: string; org: BenchOrganization; remove: () => void };

/**
 * A throwaway PGlite folder holding the seeded organization, for one benchmark's server to
 * change as it likes. `npm run bench` seeds once (seconds a run would otherwise spend several
 * times) and names the folder in BENCH_SEEDED_DIR; a script run alone seeds its own.
 */
export async function seededCopy(label: string): Promise<SeededCopy> {
  const dataDir = mkdtempSync(join(tmpdir(), `sc-bench-${label}-`));
  const remove = () => {
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const source = process.env.BENCH_SEEDED_DIR;
    if (source && existsSync(join(source, ORG_FILE))) {
      cpSync(source, dataDir, { recursive: true });
      const org = JSON.parse(readFileSync(join(dataDir, ORG_FILE), 'utf8')) as BenchOrganization;
      return { dataDir, org, remove };
    }
    return { dataDir, org: await seedInto(dataDir), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
