import { useEffect, useState } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { TextField } from '../../ui/forms/TextField';
import { firstError } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import {
  askNotificationPermission,
  notificationPermission,
  showSystemNotification,
  watchNotificationPermission,
  type NotificationPermissionState,
} from '../../ui/system-notification';
import {
  PUSH_EVENTS,
  checkPushForm,
  pushFormErrors,
  pushFormValues,
  readPushPreferences,
  storePushPreferences,
} from './push-preferences';

/**
 * Push notifications (spec §2): the browser's permission, asked from here, and which events
 * notify. Both belong to this browser: the permission is the browser's, and the choice is kept per
 * user in this browser's storage (docs/profile.md). The app shell reads the choice at each event.
 */
export function PushSection({ userId }: { userId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const [permission, setPermission] = useState<NotificationPermissionState>(notificationPermission);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => watchNotificationPermission(setPermission), []);
  const [stored, setStored] = useState(() => readPushPreferences(userId));
  const form = useForm({
    defaultValues: pushFormValues(stored),
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: ({ value }) => {
        const fields = pushFormErrors(value, stored, i18n);
        return fields.reminderMinutes ? { fields } : undefined;
      },
    },
    onSubmit: ({ value }) => {
      const checked = checkPushForm(value, stored);
      if (!checked.ok) return;
      setFailure(null);
      if (!storePushPreferences(userId, checked.preferences)) {
        setFailure(t('profile.push.notStored'));
        return;
      }
      setStored(checked.preferences);
      form.reset(pushFormValues(checked.preferences));
      toast(t('profile.push.saved'));
    },
  });

  const ask = async () => {
    setAsking(true);
    setPermission(await askNotificationPermission());
    setAsking(false);
  };
  const sendTest = async () => {
    setFailure(null);
    const shown = await showSystemNotification(
      {
        title: t('profile.push.testTitle'),
        body: t('profile.push.testBody'),
        tag: 'sc-test',
        url: '/admin/profile/authentication',
      },
      () => undefined,
    );
    if (!shown) setFailure(i18n.error('PUSH_SENDING_FAILED'));
  };

  return (
    <section className="profile__block" aria-labelledby="profile-push-title" data-testid="push">
      <h2 className="profile__title" id="profile-push-title">
        {t('profile.push.title')}
      </h2>
      <p className="profile__about">{t('profile.push.about')}</p>
      <div className="profile__permission" data-testid="push-permission" data-state={permission}>
        {permission === 'granted' ? (
          <>
            <p className="profile__state profile__state--on">{t('profile.push.granted')}</p>
            <button className="button" type="button" onClick={() => void sendTest()}>
              {t('profile.push.test')}
            </button>
          </>
        ) : null}
        {permission === 'default' ? (
          <>
            <p className="profile__state">{t('profile.push.default')}</p>
            <button
              className="button button--primary"
              type="button"
              data-testid="push-ask"
              disabled={asking}
              onClick={() => void ask()}
            >
              {t('profile.push.ask')}
            </button>
          </>
        ) : null}
        {permission === 'denied' || permission === 'unsupported' ? (
          <>
            <p className="profile__state profile__state--off" role="status">
              {i18n.error('NO_PUSH_PERMISSION')}
            </p>
            <p className="field__hint">
              {t(
                permission === 'denied'
                  ? 'profile.push.deniedHint'
                  : 'profile.push.unsupportedHint',
              )}
            </p>
          </>
        ) : null}
      </div>
      <form
        className="form"
        noValidate
        data-testid="push-form"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <fieldset className="profile__events">
          <legend>{t('profile.push.events')}</legend>
          {PUSH_EVENTS.map((event) => (
            <form.Field key={event} name={`events.${event}`}>
              {(field) => (
                <CheckboxField
                  label={t(`profile.push.event.${event}`)}
                  name={`push-${event}`}
                  checked={field.state.value}
                  onChecked={field.handleChange}
                />
              )}
            </form.Field>
          ))}
          <form.Subscribe selector={(state) => state.values.events.reminder}>
            {(reminder) => (
              <form.Field name="reminderMinutes">
                {(field) => (
                  <TextField
                    label={t('profile.push.minutes')}
                    name="reminderMinutes"
                    inputMode="numeric"
                    disabled={!reminder}
                    value={field.state.value}
                    onValue={field.handleChange}
                    onBlur={field.handleBlur}
                    error={firstError(field.state.meta.errors)}
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
          <p className="field__hint">{t('profile.push.minutesHint')}</p>
        </fieldset>
        <FormActions failure={failure} failureTestId="push-failure" saveTestId="push-save" />
      </form>
    </section>
  );
}
