import type { Role } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { useI18n } from '../../ui/i18n';
import { roleProblemText, roleRefusal } from './role-form';

/**
 * Asks before `role.delete`. A role someone holds cannot go (ROLE_IN_USE, inactive users
 * included): the dialog says so before asking when this browser already knows of holders, and
 * shows the server's refusal in words when it learns of one only then.
 */
export function DeleteRoleDialog({
  role,
  holders,
  onClose,
  onDeleted,
}: {
  role: Role;
  holders: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('roles.toast.deleted'));
    onClose();
    onDeleted();
  });
  return (
    <ConfirmDeleteDialog
      title={t('roles.delete.title')}
      confirmLabel={t('roles.delete.confirm')}
      testId="role-delete"
      remove={remove}
      command={{ type: 'role.delete', payload: { roleId: role.id } }}
      refusalText={(error) => roleProblemText(roleRefusal(error).problem, i18n)}
      blocked={holders > 0}
      onClose={onClose}
    >
      <p>{t('roles.delete.text', { name: role.name })}</p>
      {holders > 0 ? (
        <p className="form-failure" data-testid="role-delete-holders">
          {t('roles.delete.holders', { count: holders })}
        </p>
      ) : null}
    </ConfirmDeleteDialog>
  );
}
