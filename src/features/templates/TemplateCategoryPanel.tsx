import { useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import type { Team, TemplateCategory } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { TeamsField } from '../../ui/forms/TeamsField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { templateProblemText } from './problem-text';
import type { TemplateEditor } from './template-access';
import {
  categoryFormDefaults,
  categoryRefusal,
  checkCategoryForm,
  type CategoryField,
  type CategoryFormValues,
} from './template-form';

type Errors = readonly unknown[];

const asText = (value: string | readonly string[]): string =>
  typeof value === 'string' ? value : value.join(',');

/**
 * The side panel of a template category, new or edited: its name and the teams it is offered to,
 * saved through `templateCategory.create` / `.update` with the spec's toast. Deleting asks first;
 * a category templates are filed under cannot go (TEMPLATE_CATEGORY_IN_USE): the local count says
 * so before anyone tries, and the server's refusal, when a template was filed meanwhile in another
 * browser, stays in the dialog in words.
 */
export function TemplateCategoryPanel({
  categoryId,
  category,
  templates,
  teams,
  editor,
  onClose,
}: {
  categoryId: string;
  category: TemplateCategory | undefined;
  /** Local templates filed under the category. */
  templates: number;
  teams: readonly Team[];
  editor: TemplateEditor;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = category === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'templates.categories.created' : 'templates.categories.saved'));
    onClose();
  });
  const remove = useCommandSubmit(() => {
    toast(t('templates.categories.deleted'));
    setDeleting(false);
    onClose();
  });
  const [sent, setSent] = useState<CategoryFormValues | null>(null);
  const [deleting, setDeleting] = useState(false);

  const form = useForm({
    defaultValues: categoryFormDefaults(category, editor),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: CategoryFormValues) => checkCategoryForm(values, categoryId, editor),
        (problem) => templateProblemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkCategoryForm(value, categoryId, editor);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({
        type: isNew ? 'templateCategory.create' : 'templateCategory.update',
        payload: checked.payload,
      });
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? categoryRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  const errorAt = (field: CategoryField, errors: Errors, value: string | readonly string[]) =>
    firstError(errors) ??
    (refusal?.field === field && sent && asText(sent[field]) === asText(value)
      ? problemText(refusal.problem, i18n)
      : undefined);

  return (
    <>
      <SidePanel
        title={t(isNew ? 'templates.categories.panel.new' : 'templates.categories.panel.edit')}
        onClose={close}
        testId="template-category-panel"
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
                label={t('templates.categories.field.name')}
                name="name"
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('name', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="teamIds">
            {(field) => (
              <TeamsField
                label={t('templates.categories.field.teams')}
                teams={teams}
                value={field.state.value}
                onValue={field.handleChange}
                hint={editor.managesAllTeams ? undefined : t('templates.ownTeamsHint')}
                error={errorAt('teamIds', field.state.meta.errors, field.state.value)}
                testId="template-category-teams"
              />
            )}
          </form.Field>
          <FormActions
            state={save.outcome.state}
            failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
            failureTestId="template-category-failure"
            busy={submitting || save.outcome.state === 'waiting'}
            saveTestId="template-category-save"
            onCancel={close}
            onDelete={
              isNew
                ? undefined
                : () => {
                    setDeleting(true);
                  }
            }
            deleteTestId="template-category-delete"
          />
        </form>
      </SidePanel>
      {deleting && category ? (
        <ConfirmDeleteDialog
          title={t('templates.categories.delete.title')}
          confirmLabel={t('templates.categories.delete.confirm')}
          testId="template-category-delete"
          remove={remove}
          command={{
            type: 'templateCategory.delete',
            payload: { templateCategoryId: category.id },
          }}
          refusalText={(error) => problemText(categoryRefusal(error).problem, i18n)}
          blocked={templates > 0}
          onClose={() => {
            setDeleting(false);
          }}
        >
          <p>{t('templates.categories.delete.text', { category: category.name })}</p>
          {templates > 0 ? (
            <p className="form-failure" data-testid="template-category-in-use">
              {t('templates.categories.delete.inUse', { count: templates })}
            </p>
          ) : null}
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
