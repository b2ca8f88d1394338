import { useState } from 'react';
import {
  MESSENGER_BUTTON_KINDS,
  MESSENGER_TEMPLATE_CATEGORIES,
  MESSENGER_TEMPLATE_LANGUAGES,
  MESSENGER_TEMPLATE_LIMITS,
  type Channel,
  type MessengerButtonKind,
  type MessengerTemplate,
  type MessengerTemplateCategory,
  type MessengerTemplateLanguage,
} from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { FormStatus } from '../../ui/forms/FormStatus';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { problemText, type FieldProblem } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  checkMessengerTemplateForm,
  messengerTemplateDefaults,
  messengerTemplateRefusal,
  type ButtonValues,
  type FormPlace,
  type MessengerTemplateFormValues,
} from './template-form';

const EDITABLE = new Set<MessengerTemplate['status']>(['draft', 'rejected']);

/**
 * The side panel of a registered template (docs/messenger-templates.md): written and saved as a
 * draft (`messengerTemplate.create` / `.update`), or saved and submitted for WhatsApp's review in
 * one go (the two commands through the outbox in order, so a submission made offline goes when the
 * connection is back). A template WhatsApp holds is shown read-only with its status and reason:
 * only drafts and rejected ones are written here. Each problem shows at its field, the provider's
 * rules checked as the server checks them.
 */
export function MessengerTemplatePanel({
  templateId,
  template,
  channels,
  onClose,
}: {
  templateId: string;
  template: MessengerTemplate | undefined;
  /** The channels that take templates; a new template goes to the first unless another is chosen. */
  channels: readonly Channel[];
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = template === undefined;
  const editable = template === undefined || EDITABLE.has(template.status);
  const [values, setValues] = useState<MessengerTemplateFormValues>(() =>
    messengerTemplateDefaults(template, channels[0]?.id ?? '', i18n.lang),
  );
  const [shown, setShown] = useState<Record<FormPlace, FieldProblem>>({});
  const [deleting, setDeleting] = useState(false);
  const save = useCommandSubmit(() => {
    toast(t('messengerTemplates.saved'));
  });
  const submit = useCommandSubmit(() => {
    toast(t('messengerTemplates.submitted'));
    onClose();
  });
  const remove = useCommandSubmit(() => {
    toast(t('messengerTemplates.deleted'));
    setDeleting(false);
    onClose();
  });
  const refused =
    submit.outcome.state === 'rejected'
      ? messengerTemplateRefusal(submit.outcome.error)
      : save.outcome.state === 'rejected'
        ? messengerTemplateRefusal(save.outcome.error)
        : null;
  const problemAt = (place: FormPlace): string | undefined => {
    const problem = shown[place] ?? (refused?.field === place ? refused.problem : undefined);
    return problem ? problemText(problem, i18n) : undefined;
  };
  const change = (next: Partial<MessengerTemplateFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
  };
  const changeButton = (index: number, next: Partial<ButtonValues>) => {
    setValues((current) => ({
      ...current,
      buttons: current.buttons.map((button, at) =>
        at === index ? { ...button, ...next } : button,
      ),
    }));
  };

  /** Saves the draft, and with `andSubmit` sends it for review right after it. */
  const send = async (andSubmit: boolean) => {
    const checked = checkMessengerTemplateForm(values, templateId);
    if (!checked.ok) {
      setShown(checked.problems);
      return;
    }
    setShown({});
    await save.submit({
      type: isNew ? 'messengerTemplate.create' : 'messengerTemplate.update',
      payload: checked.payload,
    });
    if (andSubmit)
      await submit.submit({ type: 'messengerTemplate.submit', payload: { templateId } });
    else onClose();
  };

  const busy = save.outcome.state === 'waiting' || submit.outcome.state === 'waiting';

  return (
    <>
      <SidePanel
        title={t(isNew ? 'messengerTemplates.panel.new' : 'messengerTemplates.panel.edit')}
        onClose={() => {
          void save.abandon();
          void submit.abandon();
          onClose();
        }}
        testId="messenger-template-panel"
      >
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send(false);
          }}
        >
          {template?.reason ? (
            <p
              className="notice notice--warning"
              role="note"
              data-testid="messenger-template-reason"
            >
              {t(
                template.status === 'submitting' || template.status === 'draft'
                  ? 'messengerTemplates.retrying'
                  : 'messengerTemplates.reason',
                { reason: template.reason },
              )}
            </p>
          ) : null}
          {editable ? null : (
            <p className="notice" role="note" data-testid="messenger-template-locked">
              {t('messengerTemplates.locked')}
            </p>
          )}
          <fieldset className="form__group" disabled={!editable}>
            <SelectField
              label={t('messengerTemplates.field.channel')}
              name="channelId"
              required
              disabled={!isNew}
              options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
              value={values.channelId}
              onValue={(channelId) => {
                change({ channelId });
              }}
              error={problemAt('channelId')}
            />
            <TextField
              label={t('messengerTemplates.field.name')}
              name="name"
              required
              maxLength={MESSENGER_TEMPLATE_LIMITS.nameMax}
              value={values.name}
              onValue={(name) => {
                change({ name });
              }}
              error={problemAt('name')}
              data-testid="messenger-template-name"
            />
            <p className="form__hint">{t('messengerTemplates.field.nameHint')}</p>
            <SelectField
              label={t('messengerTemplates.field.category')}
              name="category"
              required
              options={MESSENGER_TEMPLATE_CATEGORIES.map((value) => ({
                value,
                label: t(`messengerTemplates.category.${value}`),
              }))}
              value={values.category}
              onValue={(category) => {
                change({ category: category as MessengerTemplateCategory });
              }}
            />
            <SelectField
              label={t('messengerTemplates.field.language')}
              name="language"
              required
              options={MESSENGER_TEMPLATE_LANGUAGES.map((value) => ({
                value,
                label: t(`messengerTemplates.language.${value}`),
              }))}
              value={values.language}
              onValue={(language) => {
                change({ language: language as MessengerTemplateLanguage });
              }}
            />
            <TextField
              label={t('messengerTemplates.field.header')}
              name="header"
              maxLength={MESSENGER_TEMPLATE_LIMITS.headerMax}
              value={values.header}
              onValue={(header) => {
                change({ header });
              }}
              error={problemAt('header')}
              data-testid="messenger-template-header"
            />
            <TextAreaField
              label={t('messengerTemplates.field.text')}
              name="text"
              rows={6}
              required
              maxLength={MESSENGER_TEMPLATE_LIMITS.textMax}
              value={values.text}
              onValue={(text) => {
                change({ text });
              }}
              error={problemAt('text')}
              data-testid="messenger-template-text"
            />
            <p className="form__hint">
              {t('messengerTemplates.field.textHint', { first: '{{1}}', second: '{{2}}' })}
            </p>
            <TextField
              label={t('messengerTemplates.field.footer')}
              name="footer"
              maxLength={MESSENGER_TEMPLATE_LIMITS.footerMax}
              value={values.footer}
              onValue={(footer) => {
                change({ footer });
              }}
              error={problemAt('footer')}
              data-testid="messenger-template-footer"
            />
            <section
              className="messenger-template-buttons"
              aria-label={t('messengerTemplates.buttons')}
            >
              <h3>{t('messengerTemplates.buttons')}</h3>
              {problemAt('buttons') ? (
                <p
                  className="form__error"
                  role="alert"
                  data-testid="messenger-template-buttons-error"
                >
                  {problemAt('buttons')}
                </p>
              ) : null}
              {values.buttons.map((button, index) => (
                <div
                  className="messenger-template-button"
                  key={index}
                  data-testid="messenger-template-button"
                >
                  <SelectField
                    label={t('messengerTemplates.button.kind')}
                    options={MESSENGER_BUTTON_KINDS.map((value) => ({
                      value,
                      label: t(`messengerTemplates.button.kind.${value}`),
                    }))}
                    value={button.kind}
                    onValue={(kind) => {
                      changeButton(index, {
                        kind: kind as MessengerButtonKind,
                        ...(kind === 'quick_reply' ? { link: '' } : {}),
                      });
                    }}
                  />
                  <TextField
                    label={t('messengerTemplates.button.text')}
                    required
                    maxLength={MESSENGER_TEMPLATE_LIMITS.buttonTextMax}
                    value={button.text}
                    onValue={(text) => {
                      changeButton(index, { text });
                    }}
                    error={problemAt(`buttons.${String(index)}.text`)}
                  />
                  {button.kind === 'quick_reply' ? null : (
                    <TextField
                      label={t(
                        button.kind === 'url'
                          ? 'messengerTemplates.button.link.url'
                          : 'messengerTemplates.button.link.phone',
                      )}
                      required
                      type={button.kind === 'url' ? 'url' : 'tel'}
                      value={button.link}
                      onValue={(link) => {
                        changeButton(index, { link });
                      }}
                      error={problemAt(`buttons.${String(index)}.link`)}
                    />
                  )}
                  <button
                    className="button button--small"
                    type="button"
                    onClick={() => {
                      change({ buttons: values.buttons.filter((_, at) => at !== index) });
                    }}
                  >
                    {t('messengerTemplates.button.remove')}
                  </button>
                </div>
              ))}
              {values.buttons.length < MESSENGER_TEMPLATE_LIMITS.buttonsMax ? (
                <button
                  className="button button--small"
                  type="button"
                  data-testid="messenger-template-button-add"
                  onClick={() => {
                    change({
                      buttons: [...values.buttons, { kind: 'quick_reply', text: '', link: '' }],
                    });
                  }}
                >
                  {t('messengerTemplates.button.add')}
                </button>
              ) : null}
            </section>
          </fieldset>
          <FormStatus
            state={refused ? 'rejected' : busy ? 'waiting' : 'idle'}
            failure={refused && refused.field === null ? problemText(refused.problem, i18n) : null}
            failureTestId="messenger-template-failure"
          />
          <div className="form__actions">
            {editable ? (
              <>
                <button
                  className="button button--primary"
                  type="button"
                  data-testid="messenger-template-submit"
                  disabled={busy}
                  onClick={() => {
                    void send(true);
                  }}
                >
                  {t('messengerTemplates.submit')}
                </button>
                <button
                  className="button"
                  type="submit"
                  data-testid="messenger-template-save"
                  disabled={busy}
                >
                  {t('messengerTemplates.saveDraft')}
                </button>
              </>
            ) : null}
            {isNew ? null : (
              <button
                className="button button--danger"
                type="button"
                data-testid="messenger-template-delete"
                onClick={() => {
                  setDeleting(true);
                }}
              >
                {t('common.delete')}
              </button>
            )}
          </div>
        </form>
      </SidePanel>
      {deleting ? (
        <ConfirmDeleteDialog
          title={t('messengerTemplates.deleteTitle')}
          confirmLabel={t('common.delete')}
          testId="messenger-template-delete"
          remove={remove}
          command={{ type: 'messengerTemplate.delete', payload: { templateId } }}
          refusalText={(error) =>
            error ? i18n.error(error.name, error.params) : i18n.error('UNKNOWN_ERROR')
          }
          onClose={() => {
            setDeleting(false);
          }}
        >
          <p>{t('messengerTemplates.deleteText')}</p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
