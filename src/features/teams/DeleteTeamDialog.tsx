import type { Team } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
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
  return (
    <ConfirmDeleteDialog
      title={t('teams.delete.title')}
      confirmLabel={t('teams.delete.confirm')}
      testId="team-delete"
      remove={remove}
      command={{ type: 'team.delete', payload: { teamId: team.id } }}
      refusalText={(error) => problemText(teamRefusal(error).problem, i18n)}
      onClose={onClose}
    >
      <p>{t('teams.delete.text', { team: team.name })}</p>
    </ConfirmDeleteDialog>
  );
}
