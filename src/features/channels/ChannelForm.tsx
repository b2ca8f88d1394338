import { useEffect, useState } from 'react';
import {
  MAIL_RECEIVE_PROTOCOLS,
  MAIL_SECURITY,
  SITE_CHAT_INITIAL_STATES,
  isAuthorizedType,
  type Channel,
  type ConnectableChannelType,
  type Team,
} from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n, type MessageKey } from '../../ui/i18n';
import {
  channelFormDefaults,
  channelRefusal,
  fieldLabelKey,
  checkChannelForm,
  secretFields,
  secretIsSet,
  settingFields,
  type ChannelFormValues,
} from './channel-form';
import { EmbedSnippet } from './EmbedSnippet';
import { ProviderSignIn } from './ProviderSignIn';
import { ChannelPhotoField, type PickedPhoto } from './ChannelPhotoField';
import { forgetSignInReturn, signInReturn } from './sign-in-return';
import { ShownChannelsField } from './ShownChannelsField';

const CHOICES: Record<string, readonly string[]> = {
  receiveProtocol: MAIL_RECEIVE_PROTOCOLS,
  receiveSecurity: MAIL_SECURITY,
  sendSecurity: MAIL_SECURITY,
  initialState: SITE_CHAT_INITIAL_STATES,
};
const MULTILINE = new Set(['welcomeMessage', 'allowedOrigins', 'toAddresses', 'copyAddresses']);
const NUMERIC = new Set(['receivePort', 'sendPort']);

/**
 * A channel's wizard (new) or General tab (stored): the fields every channel has, the type's own
 * settings and its secrets, sent as `channel.create` / `channel.update` through the outbox. The
 * server checks the credentials with the provider; its refusal ("Incorrect token specified")
 * shows at the field once it arrives. Secrets are write-only: a stored one shows as set, and only
 * a value typed anew replaces it.
 */
export function ChannelForm({
  type,
  channelId,
  channel,
  channels,
  teams,
  appOrigin,
  onCreated,
}: {
  type: ConnectableChannelType;
  channelId: string;
  /** The stored channel; undefined in a wizard. */
  channel: Channel | undefined;
  /** The organization's channels, for a site chat's "channels shown". */
  channels: readonly Channel[];
  teams: readonly Team[];
  appOrigin: string;
  onCreated: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = channel === undefined;
  // Back from signing in at the provider: the fields typed before leaving, and the sign-in.
  const [signIn] = useState(() => signInReturn(type, channelId));
  const [values, setValues] = useState<ChannelFormValues>(() => {
    const base = signIn.values ?? channelFormDefaults(type, channel);
    return signIn.grant ? { ...base, secrets: { ...base.secrets, grant: signIn.grant } } : base;
  });
  useEffect(() => {
    forgetSignInReturn(type);
  }, [type]);
  const [tried, setTried] = useState(false);
  // A Viber bot's photo picked now: uploaded with the save; `photoWrong` if it would be refused.
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [photoWrong, setPhotoWrong] = useState(false);
  const [sent, setSent] = useState<ChannelFormValues | null>(null);
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'channels.form.created' : 'channels.form.saved'));
    // A typed secret is stored now: the box empties, and the row says it is set.
    setValues((old) => ({
      ...old,
      secrets: Object.fromEntries(Object.keys(old.secrets).map((name) => [name, ''])),
    }));
    if (isNew) onCreated();
  });
  const checked = checkChannelForm(values, { channelId, type, isNew });
  const refusal =
    save.outcome.state === 'rejected' ? channelRefusal(save.outcome.error, type) : null;
  const errorAt = (field: string): string | undefined => {
    const own = tried && !checked.ok ? checked.problems[field] : undefined;
    if (own) return problemText(own, i18n);
    if (refusal?.field === field && sent === values) return problemText(refusal.problem, i18n);
    return undefined;
  };
  const set = (change: Partial<ChannelFormValues>) => {
    setValues((old) => ({ ...old, ...change }));
  };
  const label = (key: string) => t(fieldLabelKey(type, key) as MessageKey);

  const settingField = (key: string) => {
    const field = `settings.${key}`;
    const common = {
      label: label(key),
      name: key,
      value: values.settings[key] ?? '',
      onValue: (value: string) => {
        setValues((old) => ({ ...old, settings: { ...old.settings, [key]: value } }));
      },
      error: errorAt(field),
      'data-testid': `channel-setting-${key}`,
    };
    if (key === 'avatarFileId')
      return (
        <ChannelPhotoField
          key={key}
          fileId={common.value}
          picked={photo}
          onPick={(picked, wrong) => {
            setPhotoWrong(wrong);
            setPhoto(wrong ? null : picked);
            if (picked && !wrong) common.onValue(picked.id);
          }}
          error={
            photoWrong
              ? problemText({ kind: 'error', name: 'CHANNEL_PHOTO_INVALID' }, i18n)
              : common.error
          }
        />
      );
    if (key === 'shownChannelIds')
      return (
        <ShownChannelsField
          key={key}
          channels={channels}
          selfId={channelId}
          value={common.value}
          onValue={common.onValue}
          error={common.error}
        />
      );
    const choices = CHOICES[key];
    if (choices)
      return (
        <SelectField
          key={key}
          {...common}
          options={choices.map((value) => ({ value, label: label(`${key}.${value}`) }))}
        />
      );
    if (MULTILINE.has(key)) return <TextAreaField key={key} {...common} />;
    return (
      <TextField
        key={key}
        {...common}
        inputMode={NUMERIC.has(key) ? 'numeric' : undefined}
        required={!['welcomeMessage', 'title', 'subtitle', 'logoUrl'].includes(key)}
      />
    );
  };

  return (
    <form
      className="form"
      noValidate
      data-testid="channel-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!checked.ok) return;
        setSent(values);
        // The photo goes up with the command, through the outbox, before it (like a user's photo).
        const photoFiles =
          photo && values.settings.avatarFileId === photo.id
            ? [{ id: photo.id, blob: photo.blob, name: photo.name, type: photo.type }]
            : [];
        void save.submit(checked.command, photoFiles);
      }}
    >
      {type === 'telegram' ? (
        <div className="channels__note" data-testid="telegram-instructions">
          <p>{t('channels.form.telegramHowTo')}</p>
          <ol>
            <li>{t('channels.form.telegramStep1')}</li>
            <li>{t('channels.form.telegramStep2')}</li>
            <li>{t('channels.form.telegramStep3')}</li>
          </ol>
        </div>
      ) : null}
      {type === 'whatsapp' ? (
        <div className="channels__note" data-testid="whatsapp-instructions">
          <p>{t('channels.form.whatsappHowTo')}</p>
          <ol>
            <li>{t('channels.form.whatsappStep1')}</li>
            <li>{t('channels.form.whatsappStep2')}</li>
            <li>{t('channels.form.whatsappStep3')}</li>
          </ol>
        </div>
      ) : null}
      <TextField
        label={label('name')}
        name="name"
        required
        value={values.name}
        onValue={(name) => {
          set({ name });
        }}
        error={errorAt('name')}
      />
      {isAuthorizedType(type) ? (
        <ProviderSignIn
          type={type}
          channelId={channelId}
          channel={channel}
          values={values}
          grant={values.secrets.grant ?? ''}
          returned={signIn.failure}
          error={errorAt('secrets.grant')}
        />
      ) : null}
      {secretFields(type)
        .filter((name) => !isAuthorizedType(type) || name !== 'grant')
        .map((name) => (
          <div key={name}>
            <TextField
              label={label(`secret.${name}`)}
              name={name}
              type="password"
              autoComplete="new-password"
              required={isNew}
              value={values.secrets[name] ?? ''}
              placeholder={secretIsSet(channel, name) ? t('channels.form.secretReplace') : ''}
              onValue={(value) => {
                setValues((old) => ({ ...old, secrets: { ...old.secrets, [name]: value } }));
              }}
              error={errorAt(`secrets.${name}`)}
              data-testid={`channel-secret-${name}`}
            />
            {isNew ? null : (
              <p className="channels__note" data-testid={`channel-secret-${name}-state`}>
                {t(
                  secretIsSet(channel, name)
                    ? 'channels.form.secretSet'
                    : 'channels.form.secretNotSet',
                )}
              </p>
            )}
          </div>
        ))}
      {settingFields(type).map(settingField)}
      {type === 'site_chat' && !isNew ? (
        <EmbedSnippet appOrigin={appOrigin} channelId={channelId} />
      ) : null}
      <SelectField
        label={label('team')}
        name="teamId"
        value={values.teamId}
        options={[
          { value: '', label: t('channels.noTeam') },
          ...teams.map((team) => ({ value: team.id, label: team.name })),
        ]}
        onValue={(teamId) => {
          set({ teamId });
        }}
        error={errorAt('teamId')}
      />
      <TextField
        label={label('notificationEmail')}
        name="notificationEmail"
        type="email"
        value={values.notificationEmail}
        onValue={(notificationEmail) => {
          set({ notificationEmail });
        }}
        error={errorAt('notificationEmail')}
      />
      <CheckboxField
        label={label('teamVisibility')}
        checked={values.teamVisibility}
        onChecked={(teamVisibility) => {
          set({ teamVisibility });
        }}
      />
      <CheckboxField
        label={label('active')}
        checked={values.active}
        onChecked={(active) => {
          set({ active });
        }}
      />
      <TextAreaField
        label={label('ratingText')}
        name="ratingText"
        value={values.ratingText}
        onValue={(ratingText) => {
          set({ ratingText });
        }}
        error={errorAt('ratingText')}
      />
      <CheckboxField
        label={label('ratingBeforeEnd')}
        checked={values.ratingBeforeEnd}
        onChecked={(ratingBeforeEnd) => {
          set({ ratingBeforeEnd });
        }}
      />
      <FormActions
        state={save.outcome.state}
        failure={refusal?.field === null ? problemText(refusal.problem, i18n) : null}
        busy={save.outcome.state === 'waiting'}
        saveLabel={isNew ? t('channels.connect') : undefined}
        saveTestId="channel-save"
      />
    </form>
  );
}
