import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import { CONTACT_KINDS, type Channel } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  blacklistFormDefaults,
  blacklistRefusal,
  checkBlacklistForm,
  isContactKind,
  type BlacklistField,
  type BlacklistFormValues,
} from './blacklist-form';

type Errors = readonly unknown[];

/**
 * Adds a phone, an e-mail or a channel identity (a local channel and the customer's id in it) to
 * the blacklist through `blacklist.add`; the value is normalised as contacts are before it goes.
 */
export function BlacklistPanel({
  entryId,
  channels,
  onClose,
}: {
  entryId: string;
  channels: readonly Channel[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const save = useCommandSubmit(() => {
    toast(t('clientSettings.blacklist.added'));
    onClose();
  });
  const [sent, setSent] = useState<BlacklistFormValues | null>(null);
  const form = useForm({
    defaultValues: blacklistFormDefaults(),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: BlacklistFormValues) => checkBlacklistForm(values, entryId),
        (problem) => problemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkBlacklistForm(value, entryId);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({ type: 'blacklist.add', payload: checked.payload });
    },
  });
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? blacklistRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  const errorAt = (field: BlacklistField, errors: Errors, value: string): string | undefined =>
    firstError(errors) ??
    (refusal?.field === field && sent?.[field] === value
      ? problemText(refusal.problem, i18n)
      : undefined);
  const sortedChannels = [...channels].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <SidePanel
      title={t('clientSettings.blacklist.panel.title')}
      onClose={close}
      testId="blacklist-panel"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="kind">
          {(field) => (
            <SelectField
              label={t('clientSettings.blacklist.field.kind')}
              name="kind"
              value={field.state.value}
              options={CONTACT_KINDS.map((kind) => ({
                value: kind,
                label: t(`clientSettings.blacklist.kind.${kind}`),
              }))}
              onValue={(kind) => {
                if (isContactKind(kind)) field.handleChange(kind);
              }}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.kind}>
          {(kind) => (
            <>
              {kind === 'channel' ? (
                <form.Field name="channelId">
                  {(field) => (
                    <SelectField
                      label={t('clientSettings.blacklist.field.channel')}
                      name="channelId"
                      required
                      value={field.state.value}
                      options={[
                        { value: '', label: t('clientSettings.blacklist.field.channelNone') },
                        ...sortedChannels.map((channel) => ({
                          value: channel.id,
                          label: channel.name,
                        })),
                      ]}
                      onValue={field.handleChange}
                      error={errorAt('channelId', field.state.meta.errors, field.state.value)}
                    />
                  )}
                </form.Field>
              ) : null}
              <form.Field name="value">
                {(field) => (
                  <TextField
                    label={t(
                      kind === 'phone'
                        ? 'clientSettings.blacklist.field.phone'
                        : kind === 'email'
                          ? 'clientSettings.blacklist.field.email'
                          : 'clientSettings.blacklist.field.identity',
                    )}
                    name="value"
                    required
                    type={kind === 'phone' ? 'tel' : kind === 'email' ? 'email' : 'text'}
                    value={field.state.value}
                    onValue={field.handleChange}
                    onBlur={field.handleBlur}
                    error={errorAt('value', field.state.meta.errors, field.state.value)}
                  />
                )}
              </form.Field>
              {kind === 'channel' ? (
                <p className="form__hint">{t('clientSettings.blacklist.field.identityHint')}</p>
              ) : null}
            </>
          )}
        </form.Subscribe>
        <FormActions
          state={save.outcome.state}
          failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
          busy={submitting || save.outcome.state === 'waiting'}
          saveLabel={t('clientSettings.blacklist.save')}
          saveTestId="blacklist-save"
          onCancel={close}
        />
      </form>
    </SidePanel>
  );
}
