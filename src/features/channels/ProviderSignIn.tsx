import { useEffect, useState } from 'react';
import type {
  AuthorizationChoice,
  AuthorizationFailure,
  Channel,
  ConnectableChannelType,
} from '../../protocol';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import type { ChannelFormValues } from './channel-form';
import { keepDraft, readSignIn, startSignIn } from './provider-sign-in';

type Trouble = AuthorizationFailure | 'notConfigured' | 'unreachable';

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** How an account is named: its handle where it has one (@acme.flowers), else its name (a Page). */
const accountLabel = (username: string | null, name: string | null): string | null =>
  username ? `@${username}` : name;

/**
 * The sign-in step of a channel connected through its provider's own page (spec §2 "instagram
 * (authorise, refresh token)"): which account the channel speaks as, and a button that takes
 * the administrator to the provider and back. The wizard's fields wait for them in the tab's
 * session storage; the save names the sign-in, and the server keeps its token. A two-step
 * provider (spec §2 "vk_bot (authorise, pick a group)") comes back first with the communities the
 * person administers: one is picked here, and a second sign-in at the provider allows it.
 */
export function ProviderSignIn({
  type,
  channelId,
  channel,
  values,
  grant,
  returned,
  error,
}: {
  type: ConnectableChannelType;
  channelId: string;
  channel: Channel | undefined;
  values: ChannelFormValues;
  /** The completed sign-in the save will name, once the administrator came back with one. */
  grant: string;
  /** Why the last sign-in came back without one. */
  returned: AuthorizationFailure | null;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const api = useApi();
  const [account, setAccount] = useState<string | null>(null);
  const [choices, setChoices] = useState<AuthorizationChoice[] | null>(null);
  const [picked, setPicked] = useState('');
  const [trouble, setTrouble] = useState<Trouble | null>(returned);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (grant === '') return;
    let live = true;
    void readSignIn(api, grant).then((call) => {
      if (!live) return;
      if (call.kind === 'done') {
        const signedIn = call.value.account;
        setAccount(signedIn ? accountLabel(signedIn.username, signedIn.name) : null);
        setChoices(call.value.choices);
        setPicked(call.value.choices?.[0]?.id ?? '');
      } else if (call.kind === 'refused') setTrouble('expired');
    });
    return () => {
      live = false;
    };
  }, [api, grant]);

  // A first sign-in that came back with choices: the grant names it only until one is picked.
  const choosing = grant !== '' && choices !== null;
  const stored = channel
    ? accountLabel(textOf(channel.settings.username), textOf(channel.settings.accountName))
    : null;
  const status = choosing
    ? choices.length > 0
      ? t('channels.signIn.pick')
      : t('channels.signIn.pickNone')
    : grant !== '' && account
      ? t('channels.signIn.signedIn', { account })
      : stored
        ? t('channels.signIn.connectedAs', { account: stored })
        : t('channels.signIn.needed');

  const go = async (choice?: { from: string; choice: string }) => {
    setTrouble(null);
    setLeaving(true);
    keepDraft(window.sessionStorage, type, { channelId, values });
    const call = await startSignIn(api, {
      type,
      channelId,
      returnTo: window.location.pathname,
      ...choice,
    });
    if (call.kind === 'done') {
      window.location.assign(call.value.authorizeUrl);
      return;
    }
    setLeaving(false);
    setTrouble(
      call.kind === 'unreachable'
        ? 'unreachable'
        : call.error.name === 'CHANNEL_SERVICE_NOT_FOUND'
          ? 'notConfigured'
          : 'failed',
    );
  };

  return (
    <div className="channels__note" data-testid="channel-sign-in">
      <p data-testid="channel-sign-in-status">{status}</p>
      {trouble ? (
        <p className="form-failure" role="alert" data-testid="channel-sign-in-trouble">
          {t(`channels.signIn.trouble.${trouble}`)}
        </p>
      ) : null}
      {error ? (
        <p className="form-failure" role="alert">
          {error}
        </p>
      ) : null}
      {choosing && choices.length > 0 ? (
        <fieldset className="channels__choices" data-testid="channel-sign-in-choices">
          {choices.map((choice) => (
            <label key={choice.id} className="channels__choice">
              <input
                type="radio"
                name="sign-in-choice"
                value={choice.id}
                checked={picked === choice.id}
                onChange={() => {
                  setPicked(choice.id);
                }}
              />
              {choice.name}
              {choice.username ? ` (@${choice.username})` : ''}
            </label>
          ))}
          <button
            type="button"
            className="button button--primary"
            disabled={leaving || picked === ''}
            data-testid="channel-sign-in-pick"
            onClick={() => {
              void go({ from: grant, choice: picked });
            }}
          >
            {t('channels.signIn.pickConnect')}
          </button>
        </fieldset>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={leaving}
        data-testid="channel-sign-in-start"
        onClick={() => {
          void go();
        }}
      >
        {channel || grant !== ''
          ? t('channels.signIn.again')
          : t('channels.signIn.start', { provider: t(`channelType.${type}`) })}
      </button>
    </div>
  );
}
