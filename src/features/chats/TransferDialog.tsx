import { useId, useState } from 'react';
import type { Chat } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { useI18n } from '../../ui/i18n';
import type { TransferTarget } from './commands';
import type { Directory } from './queries';
import { transferBots, transferOperators, transferTeams } from './transfer-targets';

type TargetKind = 'operator' | 'team' | 'bot';
const KIND_LABEL = {
  operator: 'chat.transfer.toOperator',
  team: 'chat.transfer.toTeam',
  bot: 'chat.transfer.toBot',
} as const;
const TARGET_LABEL = {
  operator: 'chat.transfer.operator',
  team: 'chat.transfer.team',
  bot: 'chat.transfer.bot',
} as const;
const NONE_LABEL = {
  operator: 'chat.transfer.noOperators',
  team: 'chat.transfer.noTeams',
  bot: 'chat.transfer.noBots',
} as const;

/** Hands the chat to a colleague, to a team's queue, or to a published chat bot. */
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
  const [kind, setKind] = useState<TargetKind>('operator');
  const [targetId, setTargetId] = useState('');
  const operators = transferOperators(chat, directory.users.values(), directory.roles);
  const teams = transferTeams(chat, directory.teams.values());
  const bots = transferBots(chat, directory.bots.values(), directory.organization);
  // The bot choice is offered only where the plan has chat bots and one is published.
  const kinds: TargetKind[] = bots === null ? ['operator', 'team'] : ['operator', 'team', 'bot'];
  const options =
    kind === 'operator'
      ? operators.map((user) => ({
          id: user.id,
          label: `${user.name} — ${t(`operator.${user.operatorStatus}`)}, ${t(
            user.online ? 'operator.online' : 'operator.offline',
          )}`,
        }))
      : kind === 'team'
        ? teams.map((team) => ({ id: team.id, label: team.name }))
        : (bots ?? []).map((bot) => ({ id: bot.id, label: bot.name }));
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
          onTransfer(
            kind === 'operator'
              ? { operatorId: targetId }
              : kind === 'team'
                ? { teamId: targetId }
                : { botId: targetId },
          );
        },
      }}
    >
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('chat.transfer.to')}</legend>
        {kinds.map((option) => (
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
            {t(KIND_LABEL[option])}
          </label>
        ))}
      </fieldset>
      {options.length === 0 ? (
        <p className="dialog__hint">{t(NONE_LABEL[kind])}</p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-target`}>
            {t(TARGET_LABEL[kind])}
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
