import { useRef, useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import {
  PLACEHOLDERS,
  fillPlaceholders,
  placeholderToken,
  type Team,
  type Template,
  type TemplateCategory,
} from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TeamsField } from '../../ui/forms/TeamsField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';

import { templateProblemText } from './problem-text';
import type { TemplateEditor } from './template-access';
import {
  checkTemplateForm,
  templateFormDefaults,
  templateRefusal,
  type TemplateField,
  type TemplateFormValues,
} from './template-form';
import { insertToken } from './template-list';

type Errors = readonly unknown[];

/** A field's value as the refusal's comparison sees it: the teams as one string. */
const asText = (value: string | readonly string[]): string =>
  typeof value === 'string' ? value : value.join(',');

/**
 * The side panel of a reply template, new or edited, saved through `template.create` / `.update`
 * with the spec's toast. Under the text: buttons putting a placeholder at the caret, and the text
 * as a client would read it, filled with example names as the composer fills real ones
 * (src/protocol/template-placeholders.ts), so the lead sees the result before saving. A refusal
 * shows at its field: no or an unknown category at the category (spec §5), an unknown team at the
 * teams; a template out of reach above the buttons.
 */
export function TemplatePanel({
  templateId,
  template,
  categories,
  teams,
  editor,
  initialCategoryId,
  onClose,
}: {
  templateId: string;
  /** The template as it was when the panel opened; undefined for a new one. */
  template: Template | undefined;
  categories: readonly TemplateCategory[];
  /** The teams this editor may offer the template to. */
  teams: readonly Team[];
  editor: TemplateEditor;
  /** A new template's category: the one the table is filtered by, if any. */
  initialCategoryId?: string | undefined;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = template === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'templates.created' : 'templates.saved'));
    onClose();
  });
  const remove = useCommandSubmit(() => {
    toast(t('templates.deleted'));
    setDeleting(false);
    onClose();
  });
  const [sent, setSent] = useState<TemplateFormValues | null>(null);
  const [deleting, setDeleting] = useState(false);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const form = useForm({
    defaultValues: templateFormDefaults(template, editor, initialCategoryId),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: TemplateFormValues) => checkTemplateForm(values, templateId, editor),
        (problem) => templateProblemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkTemplateForm(value, templateId, editor);
      if (!checked.ok) return;
      setSent(value);
      await save.submit({
        type: isNew ? 'template.create' : 'template.update',
        payload: checked.payload,
      });
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const text = useSelector(form.store, (state) => state.values.text);
  const refusal = save.outcome.state === 'rejected' ? templateRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onClose();
  };
  const errorAt = (field: TemplateField, errors: Errors, value: string | readonly string[]) =>
    firstError(errors) ??
    (refusal?.field === field && sent && asText(sent[field]) === asText(value)
      ? problemText(refusal.problem, i18n)
      : undefined);

  /** Puts a placeholder in place of the text area's selection, and the caret after it. */
  const insert = (token: string) => {
    const area = textArea.current;
    const current = form.getFieldValue('text');
    const next = insertToken(
      current,
      area?.selectionStart ?? current.length,
      area?.selectionEnd ?? current.length,
      token,
    );
    form.setFieldValue('text', next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const categoryOptions = [
    { value: '', label: t('templates.field.categoryNone') },
    ...[...categories]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((category) => ({ value: category.id, label: category.name })),
  ];
  const preview = fillPlaceholders(text, {
    clientName: t('templates.preview.clientName'),
    operatorName: t('templates.preview.operatorName'),
  });

  return (
    <>
      <SidePanel
        title={t(isNew ? 'templates.panel.new' : 'templates.panel.edit')}
        onClose={close}
        testId="template-panel"
      >
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <form.Field name="title">
            {(field) => (
              <TextField
                label={t('templates.field.title')}
                name="title"
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('title', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="text">
            {(field) => (
              <TextAreaField
                ref={textArea}
                label={t('templates.field.text')}
                name="text"
                rows={6}
                required
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorAt('text', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <div
            className="template-placeholders"
            role="group"
            aria-label={t('templates.placeholders')}
          >
            <span className="template-placeholders__label">{t('templates.placeholders')}</span>
            {PLACEHOLDERS.map((placeholder) => (
              <button
                key={placeholder}
                className="button button--small"
                type="button"
                data-testid={`placeholder-${placeholder}`}
                title={placeholderToken(placeholder)}
                onClick={() => {
                  insert(placeholderToken(placeholder));
                }}
              >
                {t(`templates.placeholder.${placeholder}`)}
              </button>
            ))}
          </div>
          <section className="template-preview" aria-label={t('templates.preview')}>
            <h3 className="template-preview__title">{t('templates.preview')}</h3>
            <p className="template-preview__text" data-testid="template-preview">
              {preview === '' ? (
                <span className="template-preview__empty">{t('templates.preview.empty')}</span>
              ) : (
                preview
              )}
            </p>
            <p className="form__hint">{t('templates.preview.hint')}</p>
          </section>
          <form.Field name="categoryId">
            {(field) => (
              <SelectField
                label={t('templates.field.category')}
                name="categoryId"
                required
                options={categoryOptions}
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                data-testid="template-category"
                error={errorAt('categoryId', field.state.meta.errors, field.state.value)}
              />
            )}
          </form.Field>
          <form.Field name="teamIds">
            {(field) => (
              <TeamsField
                label={t('templates.field.teams')}
                teams={teams}
                value={field.state.value}
                onValue={field.handleChange}
                hint={editor.managesAllTeams ? undefined : t('templates.ownTeamsHint')}
                error={errorAt('teamIds', field.state.meta.errors, field.state.value)}
                testId="template-teams"
              />
            )}
          </form.Field>
          <FormActions
            state={save.outcome.state}
            failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
            failureTestId="template-failure"
            busy={submitting || save.outcome.state === 'waiting'}
            saveTestId="template-save"
            onCancel={close}
            onDelete={
              isNew
                ? undefined
                : () => {
                    setDeleting(true);
                  }
            }
            deleteTestId="template-delete"
          />
        </form>
      </SidePanel>
      {deleting && template ? (
        <ConfirmDeleteDialog
          title={t('templates.delete.title')}
          confirmLabel={t('templates.delete.confirm')}
          testId="template-delete"
          remove={remove}
          command={{ type: 'template.delete', payload: { templateId: template.id } }}
          refusalText={(error) => problemText(templateRefusal(error).problem, i18n)}
          onClose={() => {
            setDeleting(false);
          }}
        >
          <p>{t('templates.delete.text', { name: template.title })}</p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
