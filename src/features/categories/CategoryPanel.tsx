import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import type { RequestCategory, Team } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { TeamsField } from '../../ui/forms/TeamsField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  categoryFormDefaults,
  categoryRefusal,
  checkCategoryForm,
  type CategoryFormValues,
} from './category-form';

/** What the panel edits: a new row (under `parent`, or at the top) or an existing one. */
export type CategoryPanelTarget =
  | { kind: 'create'; categoryId: string; parent: RequestCategory | null; level: number }
  | { kind: 'edit'; category: RequestCategory };

type Errors = readonly unknown[];

/**
 * The side panel of the categories page: a new category, topic or subtopic, or one being edited,
 * saved through `requestCategory.create` / `.update` with the spec's success toast. A refusal
 * shows at the field it concerns: a taken or wrong name at the name, an unknown team at the teams.
 */
export function CategoryPanel({
  target,
  teams,
  onClose,
}: {
  target: CategoryPanelTarget;
  teams: readonly Team[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = target.kind === 'create';
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'categories.created' : 'categories.saved'));
    onClose();
  });
  const [sent, setSent] = useState<CategoryFormValues | null>(null);

  const form = useForm({
    defaultValues: categoryFormDefaults(isNew ? undefined : target.category),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(checkCategoryForm, (problem) => problemText(problem, i18n)),
    },
    onSubmit: async ({ value }) => {
      const checked = checkCategoryForm(value);
      if (!checked.ok) return;
      setSent(value);
      const { name, teamIds } = checked.value;
      await save.submit(
        target.kind === 'create'
          ? {
              type: 'requestCategory.create',
              payload: {
                categoryId: target.categoryId,
                parentId: target.parent?.id ?? null,
                name,
                teamIds,
              },
            }
          : {
              type: 'requestCategory.update',
              payload: { categoryId: target.category.id, name, teamIds },
            },
      );
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? categoryRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  // A refusal stays at its field while the value it was given for is still there.
  const refusedAt = (field: 'name' | 'teamIds', unchanged: boolean) =>
    refusal?.field === field && unchanged ? problemText(refusal.problem, i18n) : undefined;
  const nameError = (errors: Errors, value: string) =>
    firstError(errors) ?? refusedAt('name', sent?.name === value);

  const title =
    target.kind === 'edit'
      ? t('categories.panel.edit', { name: target.category.name })
      : target.parent === null
        ? t('categories.panel.newCategory')
        : t(target.level === 2 ? 'categories.panel.newTopic' : 'categories.panel.newSubtopic', {
            category: target.parent.name,
          });

  return (
    <SidePanel title={title} onClose={close} testId="category-panel">
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
              label={t('categories.field.name')}
              name="name"
              required
              value={field.state.value}
              onValue={field.handleChange}
              onBlur={field.handleBlur}
              error={nameError(field.state.meta.errors, field.state.value)}
              data-testid="category-name"
            />
          )}
        </form.Field>
        <form.Field name="teamIds">
          {(field) => (
            <TeamsField
              label={t('categories.field.teams')}
              teams={teams}
              value={field.state.value}
              onValue={field.handleChange}
              hint={t('categories.field.teamsHint')}
              error={
                firstError(field.state.meta.errors) ??
                refusedAt(
                  'teamIds',
                  sent !== null && sent.teamIds.join() === field.state.value.join(),
                )
              }
              testId="category-teams"
            />
          )}
        </form.Field>
        <FormActions
          state={save.outcome.state}
          failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
          failureTestId="category-failure"
          busy={submitting || save.outcome.state === 'waiting'}
          saveTestId="category-save"
          onCancel={close}
        />
      </form>
    </SidePanel>
  );
}
