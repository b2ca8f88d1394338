import type { Team } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/Toasts';
import { useI18n } from '../../ui/i18n';
import { problemText } from '../../ui/forms/field-problems';
import { teamRefusal } from './team-form';

/**
 * Asks before `team.delete`. The server decides whether the team may go (TEAM_IN_USE while chats,
 * a channel or a routing rule still lead to it: docs/people-and-access.md); its refusal stays in the
 * dialog in words, and the team, hidden a moment by the prediction, comes back to the list.
 */
export function DeleteTeamDialog({
  team,
  onClose,
  onDeleted,
}: {
  team: Team;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('teams.deleted'));
    onClose();
    onDeleted();
  });
  const refused =
    remove.outcome.state === 'rejected'
      ? problemText(teamRefusal(remove.outcome.error).problem, i18n)
      : null;
  return (
    <Dialog
      title={t('teams.delete.title')}
      testId="team-delete-dialog"
      onClose={() => {
        void remove.abandon();
        onClose();
      }}
      confirm={{
        label: t('teams.delete.confirm'),
        testId: 'team-delete-confirm',
        disabled: remove.outcome.state === 'waiting',
        onConfirm: () => {
          void remove.submit({ type: 'team.delete', payload: { teamId: team.id } });
        },
      }}
    >
      <p>{t('teams.delete.text', { team: team.name })}</p>
      {refused ? (
        <p className="form-failure" role="alert" data-testid="team-delete-error">
          {refused}
        </p>
      ) : remove.outcome.state === 'waiting' ? (
        <p className="form-status" role="status">
          {t('form.saving')}
        </p>
      ) : null}
    </Dialog>
  );
}
