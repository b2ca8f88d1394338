import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import type { ClientStatus } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { ColourPicker } from './ColourPicker';
import { DeleteStatusDialog } from './DeleteStatusDialog';
import {
  checkStatusForm,
  statusFormDefaults,
  statusRefusal,
  type StatusField,
  type StatusFormValues,
} from './status-form';

type Errors = readonly unknown[];

/**
 * The side panel of the statuses page: a new custom status or one being edited, saved through
 * `clientStatus.create` / `clientStatus.update` with the spec's success toast; a refusal shows at
 * the field it concerns (a taken name, a colour outside the palette).
 */
export function StatusPanel({
  statusId,
  status,
  clients,
  onClose,
}: {
  statusId: string;
  /** The status as it was when the panel opened; undefined for a new one. */
  status: ClientStatus | undefined;
  /** Local clients holding the status, for the delete dialog. */
  clients: number;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = status === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'clientSettings.statuses.created' : 'clientSettings.statuses.saved'));
    onClose();
  });
  const [sent, setSent] = useState<StatusFormValues | null>(null);
  const [deleting, setDeleting] = useState(false);

  const form = useForm({
    defaultValues: statusFormDefaults(status),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: StatusFormValues) => checkStatusForm(values, statusId),
        (problem) => problemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkStatusForm(value, statusId);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({
        type: isNew ? 'clientStatus.create' : 'clientStatus.update',
        payload: checked.payload,
      });
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? statusRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  const errorAt = (field: StatusField, errors: Errors, value: string): string | undefined =>
    firstError(errors) ??
    (refusal?.field === field && sent?.[field] === value
      ? problemText(refusal.problem, i18n)
      : undefined);

  return (
    <>
      <SidePanel
        title={t(
          isNew ? 'clientSettings.statuses.panel.new' : 'clientSettings.statuses.panel.edit',
        )}
        onClose={close}
        testId="status-panel"
      >
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <form.Field name="name">
            {(field) => (
              <TextField
                label={t('clientSettings.statuses.field.name')}
                name="name"
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('name', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="colour">
            {(field) => (
              <ColourPicker
                label={t('clientSettings.statuses.field.colour')}
                value={field.state.value}
                onValue={field.handleChange}
                error={errorAt('colour', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <FormActions
            state={save.outcome.state}
            failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
            busy={submitting || save.outcome.state === 'waiting'}
            saveTestId="status-save"
            onCancel={close}
            onDelete={
              isNew
                ? undefined
                : () => {
                    setDeleting(true);
                  }
            }
            deleteTestId="status-delete"
          />
        </form>
      </SidePanel>
      {deleting && status ? (
        <DeleteStatusDialog
          status={status}
          clients={clients}
          onClose={() => {
            setDeleting(false);
          }}
          onDeleted={onClose}
        />
      ) : null}
    </>
  );
}
