import type { Role } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { Dialog } from '../../ui/Dialog';
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
  const refused =
    remove.outcome.state === 'rejected'
      ? roleProblemText(roleRefusal(remove.outcome.error).problem, i18n)
      : null;
  return (
    <Dialog
      title={t('roles.delete.title')}
      testId="role-delete-dialog"
      onClose={() => {
        void remove.abandon();
        onClose();
      }}
      confirm={{
        label: t('roles.delete.confirm'),
        testId: 'role-delete-confirm',
        disabled: holders > 0 || remove.outcome.state === 'waiting',
        onConfirm: () => {
          void remove.submit({ type: 'role.delete', payload: { roleId: role.id } });
        },
      }}
    >
      <p>{t('roles.delete.text', { name: role.name })}</p>
      {holders > 0 ? (
        <p className="form-failure" data-testid="role-delete-holders">
          {t('roles.delete.holders', { count: holders })}
        </p>
      ) : null}
      {refused ? (
        <p className="form-failure" role="alert" data-testid="role-delete-error">
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
