import { useEffect, useState } from 'react';
import type { AuthorizationFailure, Channel, ConnectableChannelType } from '../../protocol';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import type { ChannelFormValues } from './channel-form';
import { keepDraft, readSignIn, startSignIn } from './provider-sign-in';

type Trouble = AuthorizationFailure | 'notConfigured' | 'unreachable';

/**
 * The sign-in step of a channel connected through its provider's own page (spec §2 "instagram
 * (authorise, refresh token)"): which account the channel speaks as, and a button that takes
 * the administrator to the provider and back. The wizard's fields wait for them in the tab's
 * session storage; the save names the sign-in, and the server keeps its token.
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
  const [trouble, setTrouble] = useState<Trouble | null>(returned);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (grant === '') return;
    let live = true;
    void readSignIn(api, grant).then((call) => {
      if (!live) return;
      if (call.kind === 'done') setAccount(call.value.account?.username ?? null);
      else if (call.kind === 'refused') setTrouble('expired');
    });
    return () => {
      live = false;
    };
  }, [api, grant]);

  const stored = typeof channel?.settings.username === 'string' ? channel.settings.username : null;
  const status =
    grant !== '' && account
      ? t('channels.signIn.signedIn', { username: account })
      : stored
        ? t('channels.signIn.connectedAs', { username: stored })
        : t('channels.signIn.needed');

  const go = async () => {
    setTrouble(null);
    setLeaving(true);
    keepDraft(window.sessionStorage, type, { channelId, values });
    const call = await startSignIn(api, { type, channelId, returnTo: window.location.pathname });
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
