import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import { DISTRIBUTION_METHODS, LIMITS, type Team, type User } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { TeamMembers } from './TeamMembers';
import {
  checkTeamForm,
  teamFormDefaults,
  teamRefusal,
  type TeamField,
  type TeamFormValues,
} from './team-form';

type Errors = readonly unknown[];

/**
 * The side panel of the Teams screen: a new team, or one being edited, saved whole through
 * `team.create` / `team.update`. Each field is checked with the server's own schema as the user
 * corrects it after a first save; a refusal from the server is shown at the field it concerns.
 */
export function TeamPanel({
  teamId,
  team,
  users,
  onClose,
}: {
  teamId: string;
  /** The team as it was when the panel opened; undefined for a new one. */
  team: Team | undefined;
  /** The organization's users, live from the local store: the members and those who may join. */
  users: readonly User[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = team === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'teams.created' : 'teams.saved'));
    onClose();
  });
  // What was sent: a refusal stays at its field until the user changes that field.
  const [sent, setSent] = useState<TeamFormValues | null>(null);
  const [deleting, setDeleting] = useState(false);

  const form = useForm({
    defaultValues: teamFormDefaults(team),
    // Checked on the first save, then again at each change, so an error leaves as it is fixed.
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: TeamFormValues) => checkTeamForm(values, teamId),
        (problem) => problemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkTeamForm(value, teamId);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({ type: isNew ? 'team.create' : 'team.update', payload: checked.payload });
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? teamRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  /** The field's own error, else the server's refusal of the value the user still has there. */
  const errorAt = (field: TeamField, errors: Errors, value: string): string | undefined =>
    firstError(errors) ??
    (refusal?.field === field && sent?.[field] === value
      ? problemText(refusal.problem, i18n)
      : undefined);

  const numberInput = { type: 'number', inputMode: 'numeric', step: 1 } as const;

  return (
    <>
      <SidePanel
        title={t(isNew ? 'teams.panel.new' : 'teams.panel.edit')}
        onClose={close}
        testId="team-panel"
      >
        <form
          className="form team-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <form.Field name="name">
            {(field) => (
              <TextField
                label={t('teams.field.name')}
                name="name"
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('name', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextAreaField
                label={t('teams.field.description')}
                name="description"
                rows={3}
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('description', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="distributionMethod">
            {(field) => (
              <SelectField
                label={t('teams.field.method')}
                name="distributionMethod"
                value={field.state.value}
                options={DISTRIBUTION_METHODS.map((method) => ({
                  value: method,
                  label: t(`teams.method.${method}`),
                }))}
                onValue={field.handleChange}
                error={errorAt('distributionMethod', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="dialogLimit">
            {(field) => (
              <TextField
                {...numberInput}
                label={t('teams.field.dialogLimit')}
                name="dialogLimit"
                required
                min={LIMITS.dialogLimitMin}
                max={LIMITS.dialogLimitMax}
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('dialogLimit', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <p className="form__hint">{t('teams.field.dialogLimitHint')}</p>

          <form.Field name="redistributionOn">
            {(field) => (
              <CheckboxField
                label={t('teams.field.redistributionOn')}
                hint={t('teams.field.redistributionHint')}
                name="redistributionOn"
                checked={field.state.value}
                onChecked={field.handleChange}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(state) => state.values.redistributionOn}>
            {(on) =>
              on ? (
                <form.Field name="redistributionMinutes">
                  {(field) => (
                    <TextField
                      {...numberInput}
                      label={t('teams.field.redistributionMinutes')}
                      name="redistributionMinutes"
                      required
                      min={1}
                      max={LIMITS.redistributionMinutesMax}
                      value={field.state.value}
                      onValue={field.handleChange}
                      onBlur={field.handleBlur}
                      error={errorAt(
                        'redistributionMinutes',
                        field.state.meta.errors,
                        field.state.value,
                      )}
                    />
                  )}
                </form.Field>
              ) : null
            }
          </form.Subscribe>

          <form.Field name="autoCloseOn">
            {(field) => (
              <CheckboxField
                label={t('teams.field.autoCloseOn')}
                hint={t('teams.field.autoCloseHint')}
                name="autoCloseOn"
                checked={field.state.value}
                onChecked={field.handleChange}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(state) => state.values.autoCloseOn}>
            {(on) =>
              on ? (
                <form.Field name="autoCloseMinutes">
                  {(field) => (
                    <TextField
                      {...numberInput}
                      label={t('teams.field.autoCloseMinutes')}
                      name="autoCloseMinutes"
                      required
                      min={1}
                      max={LIMITS.autoCloseMinutesMax}
                      value={field.state.value}
                      onValue={field.handleChange}
                      onBlur={field.handleBlur}
                      error={errorAt(
                        'autoCloseMinutes',
                        field.state.meta.errors,
                        field.state.value,
                      )}
                    />
                  )}
                </form.Field>
              ) : null
            }
          </form.Subscribe>

          <form.Field name="unattendedCloseHours">
            {(field) => (
              <SelectField
                label={t('teams.field.unattended')}
                name="unattendedCloseHours"
                value={field.state.value}
                options={LIMITS.unattendedCloseHours.map((hours) => ({
                  value: String(hours),
                  label:
                    hours === 0
                      ? t('teams.unattended.never')
                      : t('teams.unattended.hours', { count: hours }),
                }))}
                onValue={field.handleChange}
                error={errorAt('unattendedCloseHours', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <p className="form__hint">{t('teams.field.unattendedHint')}</p>

          <form.Field name="inactivityMinutes">
            {(field) => (
              <TextField
                {...numberInput}
                label={t('teams.field.inactivity')}
                name="inactivityMinutes"
                required
                min={0}
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('inactivityMinutes', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <p className="form__hint">{t('teams.field.inactivityHint')}</p>

          {isNew ? null : <TeamMembers teamId={teamId} users={users} />}

          <FormActions
            state={save.outcome.state}
            failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
            busy={submitting || save.outcome.state === 'waiting'}
            saveTestId="team-save"
            onCancel={close}
            onDelete={
              isNew
                ? undefined
                : () => {
                    setDeleting(true);
                  }
            }
            deleteTestId="team-delete"
          />
        </form>
      </SidePanel>
      {/* Beside the panel, not in it: Escape in the dialog must not also close the panel. */}
      {deleting && team ? (
        <DeleteTeamDialog
          team={team}
          onClose={() => {
            setDeleting(false);
          }}
          onDeleted={onClose}
        />
      ) : null}
    </>
  );
}
