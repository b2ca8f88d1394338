import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { problemText, refusalPlace } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';

/** Asks before `blacklist.remove`; the server's refusal stays in the dialog in words. */
export function RemoveEntryDialog({
  entryId,
  shown,
  onClose,
}: {
  entryId: string;
  /** The entry as the list shows it ("+79121234567", "visitor-1 in Site chat"). */
  shown: string;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('clientSettings.blacklist.removed'));
    onClose();
  });
  return (
    <ConfirmDeleteDialog
      title={t('clientSettings.blacklist.remove.title')}
      confirmLabel={t('clientSettings.blacklist.remove.confirm')}
      testId="blacklist-remove"
      remove={remove}
      command={{ type: 'blacklist.remove', payload: { entryId } }}
      refusalText={(error) => problemText(refusalPlace(error, []).problem, i18n)}
      onClose={onClose}
    >
      <p>{t('clientSettings.blacklist.remove.text', { value: shown })}</p>
    </ConfirmDeleteDialog>
  );
}
