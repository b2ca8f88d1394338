import type { ReceiveContext, RawInboundEvent } from '../adapter';
import { BotApiClient, BotApiError } from './bot-api-client';

/** Seconds a getUpdates call waits for an update (long poll); Telegram allows up to 50. */
const POLL_TIMEOUT_SECONDS = 25;
/** Backoff after a failed poll, doubling to the maximum; a 429's retry_after wins. */
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const OFFSET_KEY = 'offset';

/**
 * The events of one getUpdates answer, and the offset that confirms them: the highest update_id
 * plus one. An element without an update_id cannot be stored under Telegram's id; it is skipped
 * (Telegram never sends one) and the offset still moves past its neighbours.
 */
export function eventsOfBatch(updates: readonly unknown[]): {
  events: RawInboundEvent[];
  nextOffset: number | undefined;
} {
  const events: RawInboundEvent[] = [];
  let highest: number | undefined;
  for (const update of updates) {
    const id =
      update && typeof update === 'object' && 'update_id' in update ? update.update_id : undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) continue;
    events.push({ providerId: String(id), payload: update });
    highest = highest === undefined ? id : Math.max(highest, id);
  }
  return { events, nextOffset: highest === undefined ? undefined : highest + 1 };
}

/** The button presses among raw updates, by their query id: each is answered once stored. */
export function pressIdsOf(updates: readonly unknown[]): string[] {
  return updates.flatMap((update) => {
    if (!update || typeof update !== 'object' || !('callback_query' in update)) return [];
    const press = update.callback_query;
    return press && typeof press === 'object' && 'id' in press && typeof press.id === 'string'
      ? [press.id]
      : [];
  });
}

/**
 * Answers button presses, so the customer's button stops spinning. Best effort: an answer that
 * fails (a query older than Telegram keeps) changes nothing of the press, already stored.
 */
export async function answerPresses(client: BotApiClient, ids: readonly string[]): Promise<void> {
  for (const id of ids) await client.answerCallbackQuery(id).catch(() => undefined);
}

/**
 * Receives by long-polling getUpdates, for installations with no public address. The offset is
 * kept in the channel's cursor and moved only after the pipeline stored the batch: a restart
 * neither reads an update twice (the pipeline would ignore it anyway) nor skips one, since
 * Telegram keeps every update until an offset confirms it.
 */
export function pollUpdates(
  apiRoot: string,
  token: string,
  context: ReceiveContext,
): Promise<void> {
  const client = new BotApiClient(apiRoot, token);
  const { signal } = context;
  let backoff = BACKOFF_START_MS;
  const stopped = (): boolean => signal.aborted;

  const loop = async (): Promise<void> => {
    // A webhook left from a time the installation had a public address would make getUpdates 409.
    await client.deleteWebhook();
    while (!signal.aborted) {
      const stored = await context.cursor.get(OFFSET_KEY);
      const offset = stored === null ? 0 : Number(stored);
      const updates = await client.getUpdates(offset, POLL_TIMEOUT_SECONDS, signal);
      context.health({ connected: true });
      const { events, nextOffset } = eventsOfBatch(updates);
      if (events.length > 0) await context.deliver(events);
      await answerPresses(client, pressIdsOf(updates));
      if (nextOffset !== undefined && nextOffset > offset)
        await context.cursor.set(OFFSET_KEY, String(nextOffset));
      backoff = BACKOFF_START_MS;
    }
  };

  const run = async (): Promise<void> => {
    while (!signal.aborted) {
      try {
        await loop();
      } catch (error) {
        // Stopping aborts the pending long poll: that is no failure to report.
        if (stopped()) return;
        const wait =
          error instanceof BotApiError && error.retryAfter !== undefined
            ? error.retryAfter * 1000
            : backoff;
        context.health({ connected: false, error: pollFailure(error) });
        await sleep(wait, signal);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      }
    }
  };
  return run();
}

/** What the channel's page shows of a failed poll: Telegram's words, never an address. */
function pollFailure(error: unknown): string {
  if (error instanceof BotApiError) return error.message;
  return 'receiving failed';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
