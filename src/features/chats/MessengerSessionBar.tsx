import { useEffect, useState } from 'react';
import { messengerSession, type Chat, type MessengerSession } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { SendTemplateDialog } from './SendTemplateDialog';

/** The countdown moves a minute at a time; the bar looks again this often. */
const TICK_MS = 30_000;

/** Hours and minutes left, as "5 h 12 min" in the user's language. */
function timeLeft(intl: ReturnType<typeof useI18n>['intl'], leftMs: number): string {
  const minutes = Math.max(1, Math.ceil(leftMs / 60_000));
  const hours = Math.floor(minutes / 60);
  const unit = (value: number, name: 'hour' | 'minute') =>
    intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  return hours > 0
    ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`
    : unit(minutes, 'minute');
}

/**
 * A chat's messenger session as it moves: read again every TICK_MS while the channel has one, so
 * the countdown, the reply box and the template offer change together when it ends.
 */
export function useMessengerSession(
  channelType: string,
  lastClientMessageAt: string | null,
): MessengerSession {
  const [now, setNow] = useState(() => Date.now());
  const session = messengerSession(channelType, lastClientMessageAt, now);
  useEffect(() => {
    if (session.kind === 'none') return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [session.kind]);
  return session;
}

/**
 * A messenger chat's 24-hour session above the reply box (spec §4; WhatsApp): the time left while
 * it is open, and once it has ended the spec's hint that the customer must write again from their
 * phone, with the one way still open — an approved registered template. Other channels show nothing.
 */
export function MessengerSessionBar({
  chat,
  session,
  canReply,
  onSent,
  onFailure,
}: {
  chat: Pick<Chat, 'id' | 'channelId' | 'lastClientMessageAt'>;
  session: MessengerSession;
  /** Whether the viewer may answer this chat at all (a template is a reply). */
  canReply: boolean;
  onSent: () => void;
  onFailure: (error: unknown) => void;
}) {
  const { t, intl } = useI18n();
  const [picking, setPicking] = useState(false);
  if (session.kind === 'none') return null;
  return (
    <div
      className={`messenger-session messenger-session--${session.kind}`}
      data-testid="messenger-session"
      data-session={session.kind}
    >
      <span>
        {session.kind === 'open'
          ? t('messengerTemplates.session.left', { time: timeLeft(intl, session.leftMs) })
          : t(
              chat.lastClientMessageAt === null
                ? 'messengerTemplates.session.never'
                : 'messengerTemplates.session.closed',
            )}
      </span>
      {canReply ? (
        <button
          className={`button button--small${session.kind === 'closed' ? ' button--primary' : ''}`}
          type="button"
          data-testid="send-template"
          onClick={() => {
            setPicking(true);
          }}
        >
          {t('messengerTemplates.pick')}
        </button>
      ) : null}
      {picking ? (
        <SendTemplateDialog
          chatId={chat.id}
          channelId={chat.channelId}
          onSent={onSent}
          onFailure={onFailure}
          onClose={() => {
            setPicking(false);
          }}
        />
      ) : null}
    </div>
  );
}
