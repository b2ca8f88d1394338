import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import type { Right, Role } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import {
  checkRoleForm,
  roleFormDefaults,
  roleProblemText,
  roleRefusal,
  type RoleField,
  type RoleFormValues,
} from './role-form';
import {
  RIGHT_GROUPS,
  groupTitleKey,
  orderedRights,
  rightChoice,
  rightHintKey,
  rightLabelKey,
} from './rights-catalog';

const sameRights = (a: readonly Right[], b: readonly Right[]) =>
  a.length === b.length && a.every((right) => b.includes(right));

/**
 * The editor of a created role in the side panel: name, description and rights ticked from the
 * groups of `rights-catalog.ts`. A right the current user lacks cannot be ticked (the server
 * refuses granting it with ACCESS_DENIED); one the role already has may be taken away.
 */
export function RolePanel({
  roleId,
  role,
  holders,
  own,
  onClose,
}: {
  roleId: string;
  /** The role as it was when the editor opened; undefined for a new one. */
  role: Role | undefined;
  holders: number;
  own: ReadonlySet<Right>;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = role === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'roles.toast.created' : 'roles.toast.saved'));
    onClose();
  });
  const [sent, setSent] = useState<RoleFormValues | null>(null);
  const [deleting, setDeleting] = useState(false);

  const form = useForm({
    defaultValues: roleFormDefaults(role),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: RoleFormValues) => checkRoleForm(values, roleId, own),
        (problem) => roleProblemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkRoleForm(value, roleId, own);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({ type: isNew ? 'role.create' : 'role.update', payload: checked.payload });
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? roleRefusal(save.outcome.error) : null;
  /** A refusal stays at its field until the user changes what was refused there. */
  const refusedAt = (field: RoleField, unchanged: boolean): string | undefined =>
    refusal?.field === field && unchanged ? roleProblemText(refusal.problem, i18n) : undefined;
  const close = () => {
    void save.abandon();
    onClose();
  };

  return (
    <>
      <SidePanel
        title={t(isNew ? 'roles.panel.new' : 'roles.panel.edit')}
        onClose={close}
        testId="role-panel"
      >
        <form
          className="form role-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <form.Field name="name">
            {(field) => (
              <TextField
                label={t('roles.field.name')}
                name="name"
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={
                  firstError(field.state.meta.errors) ??
                  refusedAt('name', sent?.name === field.state.value)
                }
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextAreaField
                label={t('roles.field.description')}
                name="description"
                rows={3}
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={
                  firstError(field.state.meta.errors) ??
                  refusedAt('description', sent?.description === field.state.value)
                }
              />
            )}
          </form.Field>
          <form.Field name="rights">
            {(field) => {
              const chosen = field.state.value;
              const error =
                firstError(field.state.meta.errors) ??
                refusedAt('rights', sent !== null && sameRights(sent.rights, chosen));
              const toggle = (right: Right, on: boolean) => {
                field.handleChange(
                  orderedRights(on ? [...chosen, right] : chosen.filter((r) => r !== right)),
                );
              };
              return (
                <fieldset className="role-form__rights" data-testid="role-rights">
                  <legend>{t('roles.field.rights')}</legend>
                  {RIGHT_GROUPS.map((group) => (
                    <div
                      key={group.id}
                      className="role-form__group"
                      role="group"
                      aria-labelledby={`right-group-${group.id}`}
                    >
                      <h3 id={`right-group-${group.id}`} className="role-form__group-title">
                        {t(groupTitleKey(group.id))}
                      </h3>
                      {group.rights.map((right) => {
                        const choice = rightChoice(right, chosen, own);
                        const note =
                          choice === 'locked'
                            ? ` ${t('roles.rightNotYours')}`
                            : choice === 'removeOnly'
                              ? ` ${t('roles.rightNotYoursHeld')}`
                              : '';
                        return (
                          <CheckboxField
                            key={right}
                            name="rights"
                            value={right}
                            label={t(rightLabelKey(right))}
                            hint={`${t(rightHintKey(right))}.${note}`}
                            checked={chosen.includes(right)}
                            disabled={choice === 'locked'}
                            onChecked={(on) => {
                              toggle(right, on);
                            }}
                          />
                        );
                      })}
                    </div>
                  ))}
                  {error ? (
                    <span className="field__error" role="alert">
                      {error}
                    </span>
                  ) : null}
                </fieldset>
              );
            }}
          </form.Field>

          <FormActions
            state={save.outcome.state}
            failure={refusal?.field === null ? roleProblemText(refusal.problem, i18n) : null}
            busy={submitting || save.outcome.state === 'waiting'}
            saveTestId="role-save"
            onCancel={close}
            onDelete={
              isNew
                ? undefined
                : () => {
                    setDeleting(true);
                  }
            }
            deleteTestId="role-delete"
          />
        </form>
      </SidePanel>
      {/* Beside the panel, not in it: Escape in the dialog must not also close the panel. */}
      {deleting && role ? (
        <DeleteRoleDialog
          role={role}
          holders={holders}
          onClose={() => {
            setDeleting(false);
          }}
          onDeleted={onClose}
        />
      ) : null}
    </>
  );
}
