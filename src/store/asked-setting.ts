import type { CommandOutcome } from './command-outcome';

/** What the user asked a setting for, and the command that was current when they did. */
export type AskedSetting<T> = { value: T; after: string | null };
export type AskedSwitch = AskedSetting<boolean>;

/**
 * What a setting whose command is not predicted shows (a switch, the organization's time zone): the value asked for, waiting, until the
 * server's event has put it in the local store (an accepted command may be acknowledged a moment
 * before its event arrives), else the stored value — with the refusal when the server said no.
 * The outcome of the command current before the click (`after`) is not taken for the new one's
 * while the new one is being written.
 */
export function askedSetting<T>(
  asked: AskedSetting<T> | null,
  outcome: CommandOutcome,
  stored: T,
): { value: T; waiting: boolean; refused: boolean } {
  const outcomeId = outcome.state === 'idle' ? null : outcome.id;
  const ours = asked !== null && outcomeId !== asked.after;
  const refused = ours && outcome.state === 'rejected';
  if (asked === null || refused || (ours && outcome.state === 'saved' && stored === asked.value))
    return { value: stored, waiting: false, refused };
  return { value: asked.value, waiting: true, refused: false };
}

/** A switch's view of it: `checked` rather than `value`. */
export function switchState(
  asked: AskedSwitch | null,
  outcome: CommandOutcome,
  stored: boolean,
): { checked: boolean; waiting: boolean; refused: boolean } {
  const { value, waiting, refused } = askedSetting(asked, outcome, stored);
  return { checked: value, waiting, refused };
}
