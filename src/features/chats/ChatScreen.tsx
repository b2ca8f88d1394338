import { useMemo, useState } from 'react';
import { useViewerTeamIds } from '../../store/hooks';
import { useStoredThread } from '../../store/thread-window';
import { useI18n } from '../../ui/i18n';
import { Notice } from '../../ui/Notice';
import { chatActions } from './chat-actions';
import { useChatWorkspace } from './chat-workspace';
import { ChatSidePanels } from './ChatSidePanels';
import { ChatTopBar } from './ChatTopBar';
import { useChatCommands } from './commands';
import { Composer } from './Composer';
import { MessengerSessionBar, useMessengerSession } from './MessengerSessionBar';
import { FollowRequests } from './follow-requests';
import { useChatHistory, useChatOrNull, useClient, useDirectory } from './queries';
import { ThreadPane } from './ThreadPane';
import { useThreadFetch } from './use-thread-fetch';
import './chat-screen.css';

/** Messages drawn when a chat opens, and added each time the reader asks for earlier ones. */
const THREAD_WINDOW = 100;

/**
 * The chat screen (spec §2): top bar, message area, input, and the right-hand panels. Everything
 * on it is a live query of the local store; what the user does goes through the outbox.
 */
export function ChatScreen({ chatId }: { chatId: string }) {
  const { t } = useI18n();
  const workspace = useChatWorkspace();
  const chat = useChatOrNull(chatId);
  // Per chat: another chat opens at its newest messages again.
  const [shown, setShown] = useState({ chatId, size: THREAD_WINDOW });
  const windowSize = shown.chatId === chatId ? shown.size : THREAD_WINDOW;
  // The stored window: an arrival or a reply is added by the thread pane, which alone redraws.
  const thread = useStoredThread(chatId, windowSize);
  const history = useChatHistory(chatId);
  const directory = useDirectory();
  const client = useClient(chat?.clientId ?? '');
  const teamIds = useViewerTeamIds(workspace.viewerId);
  const commands = useChatCommands();
  const fetched = useThreadFetch(chatId, chat, thread?.stored.messages.length);
  const follow = useMemo(() => new FollowRequests(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const session = useMessengerSession(
    (chat && directory?.channels.get(chat.channelId)?.type) ?? '',
    chat?.lastClientMessageAt ?? null,
  );

  if (chat === null) {
    return (
      <div
        className="chat-screen chat-screen--state"
        data-testid="chat-screen"
        data-chat-id={chatId}
      >
        {fetched.state === 'loading' ? (
          <p>{t('common.loading')}</p>
        ) : (
          <>
            <p>{t('chat.notHere')}</p>
            <div className="chat-screen__state-actions">
              {fetched.state === 'failed' ? (
                // The worker cannot tell "no such chat" from "no network": offer both ways out.
                <button className="button" type="button" onClick={fetched.retry}>
                  {t('rejected.retry')}
                </button>
              ) : null}
              <button className="button" type="button" onClick={workspace.closeChat}>
                {t('chat.closePane')}
              </button>
            </div>
          </>
        )}
      </div>
    );
  }
  if (!chat || !thread || !history || !directory || !teamIds) {
    return (
      <div
        className="chat-screen chat-screen--state"
        aria-busy="true"
        data-testid="chat-screen"
        data-chat-id={chatId}
      >
        {t('common.loading')}
      </div>
    );
  }
  const viewer = { id: workspace.viewerId, teamIds, rights: workspace.rights };
  const actions = chatActions(chat, viewer);
  const clientName = client?.name || t('chats.unknownClient');
  const sessionClosed = session.kind === 'closed';
  const onFailure = (error: unknown) => {
    console.error('A change could not be stored on this device', error);
    setFailure(t('chat.notStored'));
  };
  return (
    <div className="chat-screen" data-testid="chat-screen" data-chat-id={chat.id}>
      <div className="chat-screen__main">
        <ChatTopBar
          chat={chat}
          clientName={clientName}
          directory={directory}
          actions={actions}
          commands={commands}
          onFailure={onFailure}
        />
        {failure ? (
          <Notice
            tone="danger"
            title={failure}
            actions={
              <button
                className="button button--link"
                type="button"
                onClick={() => {
                  setFailure(null);
                }}
              >
                {t('notice.dismiss')}
              </button>
            }
          />
        ) : null}
        {fetched.state === 'failed' ? (
          <Notice
            tone="warning"
            title={t('chat.threadUnavailable')}
            actions={
              <button className="button" type="button" onClick={fetched.retry}>
                {t('rejected.retry')}
              </button>
            }
          />
        ) : null}
        {fetched.state === 'loading' ? (
          <p className="chat-screen__loading">{t('chat.loadingThread')}</p>
        ) : null}
        <ThreadPane
          key={`thread-${chat.id}`}
          thread={thread}
          lastClientMessageAt={chat.lastClientMessageAt}
          onShowEarlier={() => {
            setShown({ chatId, size: windowSize + THREAD_WINDOW });
          }}
          history={history}
          directory={directory}
          clientName={clientName}
          follow={follow}
        />
        <MessengerSessionBar
          key={`session-${chat.id}`}
          chat={chat}
          session={session}
          canReply={actions.reply}
          onSent={follow.request}
          onFailure={onFailure}
        />
        <Composer
          key={`composer-${chat.id}`}
          chatId={chat.id}
          // Spec §4: after a messenger's 24-hour session only a registered template reaches the
          // customer (the bar above offers them); the box still takes internal notes.
          canReply={actions.reply && !sessionClosed}
          // Operators are offered their own teams' templates only (issue 20), whatever the
          // chat's team: a template is its team's wording, written for the questions it takes.
          templateTeamIds={teamIds}
          placeholderValues={{
            clientName: client?.name ?? '',
            operatorName: directory.users.get(workspace.viewerId)?.name ?? '',
          }}
          commands={commands}
          onSent={follow.request}
          onFailure={onFailure}
        />
      </div>
      <ChatSidePanels chat={chat} client={client} directory={directory} />
    </div>
  );
}
