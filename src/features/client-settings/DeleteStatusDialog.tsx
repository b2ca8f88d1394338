import type { ClientStatus } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { statusRefusal } from './status-form';

/**
 * Asks before `clientStatus.delete`. A status clients still hold cannot go (spec §4): the local
 * count says so before anyone tries, and the server's ACTIVE_STATUS_CANNOT_BE_DELETED, when a
 * client took the status in another browser meanwhile, stays in the dialog in words.
 */
export function DeleteStatusDialog({
  status,
  clients,
  onClose,
  onDeleted,
}: {
  status: ClientStatus;
  /** Local clients holding the status now. */
  clients: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('clientSettings.statuses.deleted'));
    onClose();
    onDeleted();
  });
  return (
    <ConfirmDeleteDialog
      title={t('clientSettings.statuses.delete.title')}
      confirmLabel={t('clientSettings.statuses.delete.confirm')}
      testId="status-delete"
      remove={remove}
      command={{ type: 'clientStatus.delete', payload: { statusId: status.id } }}
      refusalText={(error) => problemText(statusRefusal(error).problem, i18n)}
      blocked={clients > 0}
      onClose={onClose}
    >
      <p>{t('clientSettings.statuses.delete.text', { status: status.name })}</p>
      {clients > 0 ? (
        <p className="form-failure" data-testid="status-delete-in-use">
          {t('clientSettings.statuses.delete.inUse', { count: clients })}
        </p>
      ) : null}
    </ConfirmDeleteDialog>
  );
}
