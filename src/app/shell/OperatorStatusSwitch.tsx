import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { OPERATOR_STATUSES } from '../../protocol';
import { useEnqueue, useStore } from '../../store/hooks';
import { useI18n } from '../../ui/i18n';
import { statusChange } from './operator-status';

/**
 * In work or Break (spec §4), from the user's own row in the local store. A choice applies at
 * once and goes through the outbox; when the server refuses it (all licences occupied), the row
 * returns to the server's status and RejectedCommands says why.
 */
export function OperatorStatusSwitch({ userId }: { userId: string }) {
  const { t } = useI18n();
  const db = useStore();
  const enqueue = useEnqueue();
  const name = useId();
  const [notStored, setNotStored] = useState(false);
  const status = useLiveQuery(
    async () => (await db.users.get(userId))?.operatorStatus,
    [db, userId],
  );
  return (
    <fieldset
      className="operator-status"
      data-testid="operator-status"
      data-status={status ?? ''}
      disabled={status === undefined}
    >
      <legend className="operator-status__legend">{t('operatorStatus.label')}</legend>
      <div className="operator-status__options">
        {OPERATOR_STATUSES.map((option) => (
          <label key={option} className="operator-status__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={status === option}
              data-testid={`operator-status-${option}`}
              onChange={() => {
                const change = statusChange(status, option);
                if (!change) return;
                setNotStored(false);
                enqueue(change).catch((error: unknown) => {
                  console.error('The status change could not be stored on this device', error);
                  setNotStored(true);
                });
              }}
            />
            <span>{t(`operatorStatus.${option}`)}</span>
          </label>
        ))}
      </div>
      {notStored ? (
        <p className="operator-status__error" role="alert">
          {t('operatorStatus.notStored')}
        </p>
      ) : null}
    </fieldset>
  );
}
