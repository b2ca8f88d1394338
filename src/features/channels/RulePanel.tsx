import { useState } from 'react';
import {
  INTENTS,
  MAILING_TYPES,
  ROUTING_CHAT_STATUSES,
  ROUTING_MESSAGE_TYPES,
  type Intent,
  type RoutingRule,
  type Team,
} from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { SidePanel } from '../../ui/SidePanel';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  checkRuleForm,
  RULE_ACTION_KINDS,
  ruleFormDefaults,
  ruleRefusal,
  type RuleField,
  type RuleFormValues,
} from './rule-form';

/**
 * A routing rule of the channel, new or edited, saved through `routingRule.save` (the outbox:
 * offline it is kept and shown at once). The form's own check runs before sending; a refusal of
 * the server shows at the field it concerns, as long as that field still holds what was sent.
 */
export function RulePanel({
  channelId,
  ruleId,
  rule,
  siblings,
  teams,
  bots,
  onClose,
  onDelete,
}: {
  channelId: string;
  ruleId: string;
  rule: RoutingRule | undefined;
  siblings: readonly RoutingRule[];
  teams: readonly Team[];
  /** The organization's chat bots, for the chat-bot action. */
  bots: readonly { id: string; name: string }[];
  onClose: () => void;
  onDelete: (() => void) | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = rule === undefined;
  const [values, setValues] = useState<RuleFormValues>(() => ruleFormDefaults(rule, siblings));
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<RuleFormValues | null>(null);
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'channels.rules.created' : 'channels.rules.saved'));
    onClose();
  });
  const checked = checkRuleForm(values, { ruleId, channelId });
  const refusal = save.outcome.state === 'rejected' ? ruleRefusal(save.outcome.error) : null;
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
  };
  const errorAt = (field: RuleField): string | undefined => {
    const own = tried && !checked.ok ? checked.problems[field] : undefined;
    if (own) return problemText(own, i18n);
    if (refusal?.field === field && sent === values) return problemText(refusal.problem, i18n);
    return undefined;
  };
  const toggleIntent = (list: 'includeIntents' | 'excludeIntents', intent: Intent, on: boolean) => {
    const current = values[list];
    set(list, on ? [...current, intent] : current.filter((i) => i !== intent));
  };
  const close = () => {
    void save.abandon();
    onClose();
  };
  const option = (prefix: string) => (value: string) => ({
    value,
    label: t(`${prefix}.${value}` as Parameters<typeof t>[0]),
  });

  return (
    <SidePanel
      title={t(isNew ? 'channels.rules.new' : 'channels.rules.edit')}
      onClose={close}
      testId="rule-panel"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!checked.ok) return;
          setSent(values);
          void save.submit({ type: 'routingRule.save', payload: checked.payload });
        }}
      >
        <TextField
          label={t('channels.rules.field.name')}
          name="name"
          required
          value={values.name}
          onValue={(value) => {
            set('name', value);
          }}
          error={errorAt('name')}
        />
        <TextField
          label={t('channels.rules.field.priority')}
          name="priority"
          inputMode="numeric"
          required
          value={values.priority}
          onValue={(value) => {
            set('priority', value);
          }}
          error={errorAt('priority')}
        />
        <SelectField
          label={t('channels.rules.field.chatStatus')}
          name="chatStatus"
          value={values.chatStatus}
          options={ROUTING_CHAT_STATUSES.map(option('channels.rules.chatStatus'))}
          onValue={(value) => {
            set('chatStatus', value as RuleFormValues['chatStatus']);
          }}
          error={errorAt('chatStatus')}
        />
        <SelectField
          label={t('channels.rules.field.messageType')}
          name="messageType"
          value={values.messageType}
          options={ROUTING_MESSAGE_TYPES.map(option('channels.rules.messageType'))}
          onValue={(value) => {
            const messageType = value as RuleFormValues['messageType'];
            setValues((old) => ({
              ...old,
              messageType,
              mailingType: messageType === 'mailing' ? old.mailingType : '',
            }));
          }}
          error={errorAt('messageType')}
        />
        {values.messageType === 'mailing' ? (
          <SelectField
            label={t('channels.rules.field.mailingType')}
            name="mailingType"
            value={values.mailingType}
            options={[
              { value: '', label: t('channels.rules.mailingType.any') },
              ...MAILING_TYPES.map(option('channels.rules.mailingType')),
            ]}
            onValue={(value) => {
              set('mailingType', value as RuleFormValues['mailingType']);
            }}
            error={errorAt('mailingType')}
          />
        ) : null}
        {(['includeIntents', 'excludeIntents'] as const).map((list) => (
          <fieldset key={list} className="channels__intents" data-testid={`rule-${list}`}>
            <legend>{t(`channels.rules.field.${list}`)}</legend>
            {INTENTS.map((intent) => (
              <CheckboxField
                key={intent}
                label={t(`channels.intent.${intent}`)}
                checked={values[list].includes(intent)}
                onChecked={(on) => {
                  toggleIntent(list, intent, on);
                }}
              />
            ))}
          </fieldset>
        ))}
        {errorAt('intents') ? (
          <p className="form-failure" role="alert" data-testid="rule-intents-error">
            {errorAt('intents')}
          </p>
        ) : null}
        <SelectField
          label={t('channels.rules.field.action')}
          name="action"
          value={values.action}
          options={RULE_ACTION_KINDS.map(option('channels.rules.action'))}
          onValue={(value) => {
            set('action', value as RuleFormValues['action']);
          }}
          error={errorAt('action')}
        />
        {values.action === 'team' ? (
          <SelectField
            label={t('channels.rules.field.team')}
            name="teamId"
            required
            value={values.teamId}
            options={[
              { value: '', label: t('channels.rules.chooseTeam') },
              ...teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
            onValue={(value) => {
              set('teamId', value);
            }}
            error={errorAt('teamId')}
          />
        ) : null}
        {values.action === 'chat_bot' ? (
          <SelectField
            label={t('channels.rules.field.bot')}
            name="botId"
            required
            value={values.botId}
            options={[
              { value: '', label: t('channels.rules.chooseBot') },
              ...bots.map((bot) => ({ value: bot.id, label: bot.name })),
            ]}
            onValue={(value) => {
              set('botId', value);
            }}
            error={errorAt('botId')}
          />
        ) : null}
        <FormActions
          state={save.outcome.state}
          failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
          busy={save.outcome.state === 'waiting'}
          saveTestId="rule-save"
          onCancel={close}
          onDelete={onDelete}
          deleteTestId="rule-delete"
        />
      </form>
    </SidePanel>
  );
}
