import { useState } from 'react';
import {
  filledTemplateText,
  newId,
  parametersFit,
  templateParameterCounts,
  type MessengerTemplate,
} from '../../protocol';
import { useEnqueue } from '../../store/hooks';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { useApprovedTemplates } from './queries';

/**
 * Sends one of the channel's approved registered templates with its variables' values
 * (`message.sendTemplate`, through the outbox like every reply): what still reaches a WhatsApp
 * customer after their 24-hour session. The customer's words are previewed as they will read
 * them; the send is offered only when every variable is filled as WhatsApp takes it.
 */
export function SendTemplateDialog({
  chatId,
  channelId,
  onSent,
  onClose,
  onFailure,
}: {
  chatId: string;
  channelId: string;
  onSent: () => void;
  onClose: () => void;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useI18n();
  const enqueue = useEnqueue();
  const templates = useApprovedTemplates(channelId);
  const [chosenId, setChosenId] = useState('');
  const [values, setValues] = useState<{ header: string[]; body: string[] }>({
    header: [],
    body: [],
  });
  const chosen: MessengerTemplate | undefined =
    templates?.find((template) => template.id === chosenId) ?? templates?.[0];
  const counts = chosen ? templateParameterCounts(chosen) : { header: 0, body: 0 };
  const parameters = {
    header: Array.from({ length: counts.header }, (_, index) => values.header[index] ?? ''),
    body: Array.from({ length: counts.body }, (_, index) => values.body[index] ?? ''),
  };
  const fits = chosen !== undefined && parametersFit(chosen, parameters);
  const preview = chosen ? filledTemplateText(chosen, parameters) : '';
  const setValue = (part: 'header' | 'body', index: number, value: string) => {
    setValues((current) => {
      const next = [...current[part]];
      next[index] = value;
      return { ...current, [part]: next };
    });
  };

  const send = () => {
    if (!chosen || !fits) return;
    onSent();
    onClose();
    enqueue({
      type: 'message.sendTemplate',
      payload: {
        chatId,
        messageId: newId(),
        templateId: chosen.id,
        text: filledTemplateText(chosen, parameters),
        parameters,
      },
    }).catch(onFailure);
  };

  return (
    <Dialog
      title={t('messengerTemplates.pickTitle')}
      testId="send-template-dialog"
      onClose={onClose}
      confirm={{
        label: t('messengerTemplates.send'),
        testId: 'send-template-confirm',
        disabled: !fits,
        onConfirm: send,
      }}
    >
      {templates === undefined ? (
        <p>{t('common.loading')}</p>
      ) : templates.length === 0 || !chosen ? (
        <p className="empty-state" data-testid="send-template-none">
          {t('messengerTemplates.noneApproved')}
        </p>
      ) : (
        <div className="form">
          <SelectField
            label={t('messengerTemplates.field.name')}
            name="template"
            data-testid="send-template-choice"
            options={templates.map((template) => ({
              value: template.id,
              label: `${template.name} (${t(`messengerTemplates.language.${template.language}`)})`,
            }))}
            value={chosen.id}
            onValue={(id) => {
              setChosenId(id);
              setValues({ header: [], body: [] });
            }}
          />
          {parameters.header.map((value, index) => (
            <TextField
              key={`header-${String(index)}`}
              label={t('messengerTemplates.variable.header', { variable: '{{1}}' })}
              required
              value={value}
              onValue={(next) => {
                setValue('header', index, next);
              }}
              data-testid="send-template-header"
            />
          ))}
          {parameters.body.map((value, index) => (
            <TextField
              key={`body-${String(index)}`}
              label={t('messengerTemplates.variable.body', {
                variable: `{{${String(index + 1)}}}`,
              })}
              required
              value={value}
              onValue={(next) => {
                setValue('body', index, next);
              }}
              data-testid="send-template-body"
            />
          ))}
          <section className="template-preview" aria-label={t('messengerTemplates.preview')}>
            <h3 className="template-preview__title">{t('messengerTemplates.preview')}</h3>
            <p className="template-preview__text" data-testid="send-template-preview">
              {preview}
            </p>
          </section>
        </div>
      )}
    </Dialog>
  );
}
