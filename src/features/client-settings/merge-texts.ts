import { isInnerClientStatus, type ClientStatus, type User } from '../../protocol';
import type { Translator } from '../../ui/i18n';
import type { Conflict } from './merge-rules';

/** Words for a value of a conflict: a status by its name, a manager by theirs, nothing as "not set". */
export function conflictValueText(
  conflict: Conflict,
  value: string | null,
  names: { statuses: readonly ClientStatus[]; users: readonly User[] },
  t: Translator['t'],
): string {
  if (value === null || value === '') return t('clientSettings.merge.empty');
  if (conflict.key === 'status') return statusText(value, names.statuses, t);
  if (conflict.key === 'personalManagerId')
    return names.users.find((user) => user.id === value)?.name ?? value;
  return value;
}

/** A status by its name: an inner one translated, a custom one as the organization named it. */
export function statusText(
  status: string,
  statuses: readonly ClientStatus[],
  t: Translator['t'],
): string {
  if (isInnerClientStatus(status)) return t(`clientSettings.statuses.inner.${status}`);
  return statuses.find((row) => row.id === status)?.name ?? status;
}
