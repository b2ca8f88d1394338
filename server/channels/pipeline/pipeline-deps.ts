import { eq } from 'drizzle-orm';
import type { ChannelType, CommandEnvelope, CommandResult } from '../../../src/protocol';
import type { CommandCaller } from '../../domain/execute-command';
import type { Database, Db } from '../../db/database';
import { channels } from '../../db/schema';
import type { Clock } from '../../clock';
import type { AdapterChannel } from '../adapter';
import type { ChannelAdapters } from '../registry';

/** What the pipeline's workers and routes work with. */
export type PipelineDeps = {
  database: Database;
  clock: Clock;
  /** Tells live sockets of an organization that its log grew. */
  wake: (orgId: string) => void;
  adapters: ChannelAdapters;
  /**
   * The server's command queue (group commit); without it, the pipeline runs its commands one at
   * a time through executeCommand.
   */
  execute?: (caller: CommandCaller, command: CommandEnvelope) => Promise<CommandResult>;
  /** PUBLIC_URL: where a bot's link pages are (/bot-action/{id}); null when the installation has none. */
  publicUrl?: string | null;
};

/** A stored channel row as its adapter sees it, with whether it is active. */
export function toAdapterChannel(
  row: typeof channels.$inferSelect,
): AdapterChannel & { active: boolean } {
  const secrets = Object.fromEntries(
    Object.entries(row.secrets).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return {
    id: row.id,
    orgId: row.orgId,
    type: row.type as ChannelType,
    name: row.name,
    settings: row.settings,
    secrets,
    active: row.active,
  };
}

/** A stored channel as its adapter sees it, with whether it is active; undefined when unknown. */
export async function adapterChannel(
  db: Db,
  channelId: string,
): Promise<(AdapterChannel & { active: boolean }) | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
  return row ? toAdapterChannel(row) : undefined;
}

/** Text of a failure for the database and the screen: never a stack, cut to a sane length. */
export const failureText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);
