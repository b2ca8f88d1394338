import { useId, useState } from 'react';
import type { Chat } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { useI18n } from '../../ui/i18n';
import type { TransferTarget } from './commands';
import type { Directory } from './queries';
import { transferOperators, transferTeams } from './transfer-targets';

/** Hands the chat to a colleague or to a team's queue. */
export function TransferDialog({
  chat,
  directory,
  onTransfer,
  onClose,
}: {
  chat: Chat;
  directory: Directory;
  onTransfer: (to: TransferTarget) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [kind, setKind] = useState<'operator' | 'team'>('operator');
  const [targetId, setTargetId] = useState('');
  const operators = transferOperators(chat, directory.users.values(), directory.roles);
  const teams = transferTeams(chat, directory.teams.values());
  const options =
    kind === 'operator'
      ? operators.map((user) => ({
          id: user.id,
          label: `${user.name} — ${t(`operator.${user.operatorStatus}`)}, ${t(
            user.online ? 'operator.online' : 'operator.offline',
          )}`,
        }))
      : teams.map((team) => ({ id: team.id, label: team.name }));
  const valid = options.some((option) => option.id === targetId);
  return (
    <Dialog
      title={t('chat.transfer.title')}
      onClose={onClose}
      testId="transfer-dialog"
      confirm={{
        label: t('chat.transfer.confirm'),
        testId: 'transfer-confirm',
        disabled: !valid,
        onConfirm: () => {
          onTransfer(kind === 'operator' ? { operatorId: targetId } : { teamId: targetId });
        },
      }}
    >
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('chat.transfer.to')}</legend>
        {(['operator', 'team'] as const).map((option) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setTargetId('');
              }}
            />
            {t(option === 'operator' ? 'chat.transfer.toOperator' : 'chat.transfer.toTeam')}
          </label>
        ))}
      </fieldset>
      {options.length === 0 ? (
        <p className="dialog__hint">
          {t(kind === 'operator' ? 'chat.transfer.noOperators' : 'chat.transfer.noTeams')}
        </p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-target`}>
            {t(kind === 'operator' ? 'chat.transfer.operator' : 'chat.transfer.team')}
          </label>
          <select
            id={`${id}-target`}
            className="field__input"
            data-testid="transfer-target"
            value={targetId}
            onChange={(event) => {
              setTargetId(event.target.value);
            }}
          >
            <option value="">{t('category.choose')}</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Dialog>
  );
}
