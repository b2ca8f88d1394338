import type { CommandOutcome } from '../../store/hooks';

/** What the user asked the switch for, and the command that was current when they did. */
export type AskedSwitch = { value: boolean; after: string | null };

/**
 * What a switch whose command is not predicted shows: the value asked for, waiting, until the
 * server's event has put it in the local store (an accepted command may be acknowledged a moment
 * before its event arrives), else the stored value — with the refusal when the server said no.
 * The outcome of the command current before the click (`after`) is not taken for the new one's
 * while the new one is being written.
 */
export function switchState(
  asked: AskedSwitch | null,
  outcome: CommandOutcome,
  stored: boolean,
): { checked: boolean; waiting: boolean; refused: boolean } {
  const outcomeId = outcome.state === 'idle' ? null : outcome.id;
  const ours = asked !== null && outcomeId !== asked.after;
  const refused = ours && outcome.state === 'rejected';
  if (asked === null || refused || (ours && outcome.state === 'saved' && stored === asked.value))
    return { checked: stored, waiting: false, refused };
  return { checked: asked.value, waiting: true, refused: false };
}
