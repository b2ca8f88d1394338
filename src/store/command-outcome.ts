import type { ApiError } from '../protocol';
import type { OutboxRow, OutboxState } from './tables';

/**
 * Where a form's command stands: not sent yet, waiting in the outbox (offline, or on its way),
 * accepted by the server, or refused with the server's error.
 */
export type CommandOutcome =
  | { state: 'idle' }
  | { state: 'waiting'; id: string }
  | { state: 'saved'; id: string }
  | { state: 'rejected'; id: string; error: ApiError | undefined };

/**
 * One look at a command's outbox row: the row (undefined once it is gone) and the state the row
 * had at the latest look that found it, so a row that is gone still tells what it last was.
 */
export type CommandLookup = {
  id: string;
  row: OutboxRow | undefined;
  lastState: OutboxState | undefined;
};

/**
 * The outcome of the form's command `current` from the latest look at its row (`found`, of
 * another command until the look at this one answers). A row leaves the outbox when its events
 * are applied (saved), but a refused row leaves only when it is discarded or retried as a new
 * command, here or in another tab: that is no save, and the form has nothing to follow any more.
 */
export function commandOutcome(
  current: string | null,
  found: CommandLookup | null | undefined,
): CommandOutcome {
  if (!current) return { state: 'idle' };
  if (found?.id !== current) return { state: 'waiting', id: current };
  const { row } = found;
  if (!row)
    return found.lastState === 'rejected' ? { state: 'idle' } : { state: 'saved', id: current };
  if (row.state === 'rejected') return { state: 'rejected', id: current, error: row.error };
  if (row.state === 'acknowledged') return { state: 'saved', id: current };
  return { state: 'waiting', id: current };
}
