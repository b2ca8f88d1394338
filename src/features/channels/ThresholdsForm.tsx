import { useState } from 'react';
import type { Channel } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { TextField } from '../../ui/forms/TextField';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  checkThresholdsForm,
  thresholdsDefaults,
  type ThresholdField,
  type ThresholdsValues,
} from './thresholds-form';

/** The channel's delay thresholds (spec §3, §4), saved through `channel.setThresholds`. */
export function ThresholdsForm({ channel }: { channel: Channel }) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const [values, setValues] = useState<ThresholdsValues>(() => thresholdsDefaults(channel));
  const [tried, setTried] = useState(false);
  const save = useCommandSubmit(() => {
    toast(t('channels.thresholds.saved'));
  });
  const checked = checkThresholdsForm(values, channel.id);
  const errorAt = (field: ThresholdField): string | undefined => {
    const problem = tried && !checked.ok ? checked.problems[field] : undefined;
    if (!problem) return undefined;
    return problem.kind === 'order' ? t('channels.thresholds.order') : problemText(problem, i18n);
  };
  const field = (name: ThresholdField) => (
    <TextField
      label={t(`channels.thresholds.${name}`)}
      name={name}
      inputMode="numeric"
      value={values[name]}
      onValue={(value) => {
        setValues((old) => ({ ...old, [name]: value }));
      }}
      error={errorAt(name)}
    />
  );
  return (
    <form
      className="form"
      noValidate
      data-testid="thresholds-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!checked.ok) return;
        void save.submit({ type: 'channel.setThresholds', payload: checked.payload });
      }}
    >
      <h2 className="channels__heading">{t('channels.thresholds.title')}</h2>
      <p className="channels__note">{t('channels.thresholds.hint')}</p>
      {field('halfExpiredMinutes')}
      {field('expiredMinutes')}
      <FormActions
        state={save.outcome.state}
        failure={
          save.outcome.state === 'rejected' && save.outcome.error
            ? i18n.error(save.outcome.error.name, save.outcome.error.params)
            : null
        }
        busy={save.outcome.state === 'waiting'}
        saveTestId="thresholds-save"
      />
    </form>
  );
}
