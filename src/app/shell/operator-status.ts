import type { CommandPayload, OperatorStatus } from '../../protocol';
import type { Access } from '../guards';

/** Only staff who receive incoming dialogs (the chat distribution right) have a status to set. */
export const hasOperatorStatus = (access: Access): boolean =>
  access.rights.has('AUTHORITY_CHAT_DISTRIBUTION');

export type StatusChange = {
  type: 'operator.setStatus';
  payload: CommandPayload<'operator.setStatus'>;
};

/**
 * The command a choice sends: none while the user's row has not reached the device (there is
 * nothing to compare with yet) or when the choice is already the status, so a repeated click
 * does not spend a round trip and a licence check.
 */
export function statusChange(
  current: OperatorStatus | undefined,
  chosen: OperatorStatus,
): StatusChange | null {
  if (current === undefined || current === chosen) return null;
  return { type: 'operator.setStatus', payload: { status: chosen } };
}
