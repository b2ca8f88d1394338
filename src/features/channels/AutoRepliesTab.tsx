import { useState } from 'react';
import { AUTO_REPLY_KINDS, LIMITS, type AutoReplyKind, type AutoReplyRow } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  autoRepliesDefaults,
  autoRepliesRefusal,
  checkAutoRepliesForm,
  type AutoRepliesValues,
  type ReplyValues,
} from './auto-replies-form';

/**
 * The channel's auto-replies (spec §3): the customer-response wait and the four replies of the
 * system bot, each on or off with its text and buttons (one per line), saved together through
 * `autoReplies.save`. Files already on a reply are kept as they are.
 */
export function AutoRepliesTab({
  channelId,
  channelType,
  waitMinutes,
  rows,
}: {
  channelId: string;
  /** Its provider bounds the buttons further than the spec's 10 of 64 characters. */
  channelType: string;
  waitMinutes: number;
  rows: readonly AutoReplyRow[];
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  // The form starts from what is stored when the tab opens; later syncs do not overwrite typing.
  const [values, setValues] = useState<AutoRepliesValues>(() =>
    autoRepliesDefaults(waitMinutes, rows),
  );
  const [tried, setTried] = useState(false);
  const save = useCommandSubmit(() => {
    toast(t('channels.autoReplies.saved'));
  });
  const checked = checkAutoRepliesForm(values, channelId, channelType);
  const setReply = (kind: AutoReplyKind, change: Partial<ReplyValues>) => {
    setValues((old) => ({
      ...old,
      replies: { ...old.replies, [kind]: { ...old.replies[kind], ...change } },
    }));
  };
  const problem = (kind: AutoReplyKind, field: 'text' | 'buttons') => {
    const found = tried && !checked.ok ? checked.problems[kind]?.[field] : undefined;
    return found ? problemText(found, i18n) : undefined;
  };

  return (
    <form
      className="form"
      noValidate
      data-testid="auto-replies-tab"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!checked.ok) return;
        void save.submit({ type: 'autoReplies.save', payload: checked.payload });
      }}
    >
      <p className="channels__note">{t('channels.autoReplies.hint')}</p>
      <SelectField
        label={t('channels.autoReplies.wait')}
        name="waitMinutes"
        value={values.waitMinutes}
        options={LIMITS.autoReplyWaitMinutes.map((minutes) => ({
          value: String(minutes),
          label: t('channels.autoReplies.minutes', { count: minutes }),
        }))}
        onValue={(value) => {
          setValues((old) => ({ ...old, waitMinutes: value }));
        }}
      />
      {AUTO_REPLY_KINDS.map((kind) => {
        const reply = values.replies[kind];
        return (
          <section key={kind} className="channels__reply" data-testid="auto-reply" data-kind={kind}>
            <CheckboxField
              label={t(`channels.autoReplies.kind.${kind}`)}
              hint={t(`channels.autoReplies.when.${kind}`)}
              checked={reply.enabled}
              onChecked={(enabled) => {
                setReply(kind, { enabled });
              }}
              data-testid="auto-reply-enabled"
            />
            <TextAreaField
              label={t('channels.autoReplies.text')}
              name={`${kind}-text`}
              required={reply.enabled}
              value={reply.text}
              onValue={(text) => {
                setReply(kind, { text });
              }}
              error={problem(kind, 'text')}
              data-testid="auto-reply-text"
            />
            <TextAreaField
              label={t('channels.autoReplies.buttons')}
              name={`${kind}-buttons`}
              value={reply.buttons}
              onValue={(buttons) => {
                setReply(kind, { buttons });
              }}
              error={problem(kind, 'buttons')}
              data-testid="auto-reply-buttons"
            />
          </section>
        );
      })}
      <FormActions
        state={save.outcome.state}
        failure={
          save.outcome.state === 'rejected'
            ? problemText(autoRepliesRefusal(save.outcome.error), i18n)
            : null
        }
        busy={save.outcome.state === 'waiting'}
        saveTestId="auto-replies-save"
      />
    </form>
  );
}
