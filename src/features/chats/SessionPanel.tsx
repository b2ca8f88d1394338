import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import type { Directory } from './queries';

/** The current session: when it started, who has it, in which team and channel, its times. */
export function SessionPanel({ chat, directory }: { chat: Chat; directory: Directory }) {
  const { t, intl } = useI18n();
  const when = (iso: string | null) =>
    iso
      ? intl.formatDate(new Date(iso), {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })
      : '—';
  const channel = directory.channels.get(chat.channelId);
  const operator = chat.operatorId ? directory.users.get(chat.operatorId) : undefined;
  const team = chat.teamId ? directory.teams.get(chat.teamId) : undefined;
  return (
    <div className="panel__content" data-testid="panel-session">
      <dl className="facts">
        <dt>{t('panel.session.status')}</dt>
        <dd>{t(`chats.status.${chat.status}`)}</dd>
        <dt>{t('panel.session.created')}</dt>
        <dd>{when(chat.createdAt)}</dd>
        <dt>{t('panel.session.operator')}</dt>
        <dd data-testid="session-operator">
          {chat.operatorId
            ? (operator?.name ?? t('history.unknownUser'))
            : t('panel.session.nobody')}
        </dd>
        <dt>{t('panel.session.team')}</dt>
        <dd>{chat.teamId ? (team?.name ?? t('history.unknownTeam')) : '—'}</dd>
        <dt>{t('panel.session.channel')}</dt>
        <dd>
          {channel
            ? `${channel.name} (${t(`channelType.${channel.type}`)})`
            : t('history.unknownChannel')}
        </dd>
        <dt>{t('panel.session.lastClientMessage')}</dt>
        <dd>{when(chat.lastClientMessageAt)}</dd>
        <dt>{t('panel.session.lastOperatorMessage')}</dt>
        <dd>{when(chat.lastOperatorMessageAt)}</dd>
        <dt>{t('panel.session.closed')}</dt>
        <dd>{when(chat.closedAt)}</dd>
        {chat.rating === null ? null : (
          <>
            <dt>{t('panel.session.rating')}</dt>
            <dd>{t('panel.session.ratingValue', { rating: chat.rating })}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
