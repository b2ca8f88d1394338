import { useState } from 'react';
import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import { CategoryDialog } from './CategoryDialog';
import { categoryLabel } from './category-tree';
import type { ChatActions } from './chat-actions';
import { urgencyOf } from './chat-row-view';
import { useChatWorkspace } from './chat-workspace';
import { CloseChatDialog } from './CloseChatDialog';
import type { ChatCommands } from './commands';
import type { Directory } from './queries';
import { TransferDialog } from './TransferDialog';

type OpenDialog = 'transfer' | 'close' | 'category' | null;

/** The chat's top bar (spec §2): client, status, request category; Take, Transfer and Close. */
export function ChatTopBar({
  chat,
  clientName,
  directory,
  actions,
  commands,
  onFailure,
}: {
  chat: Chat;
  clientName: string;
  directory: Directory;
  actions: ChatActions;
  commands: ChatCommands;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useI18n();
  const { closeChat } = useChatWorkspace();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const urgency = urgencyOf(chat);
  const category = categoryLabel(directory.categories, chat.categoryId);
  const run = (command: Promise<unknown>) => {
    setDialog(null);
    command.catch(onFailure);
  };
  return (
    <header className="chat-bar" data-testid="chat-bar">
      <button
        className="chat-bar__back"
        type="button"
        aria-label={t('chat.closePane')}
        title={t('chat.closePane')}
        onClick={closeChat}
      >
        <Icon name="close" />
      </button>
      <div className="chat-bar__who">
        <div className="chat-bar__line">
          <h2 className="chat-bar__client" data-testid="chat-client-name">
            {clientName}
          </h2>
          <span className={`badge badge--${chat.status}`} data-testid="chat-status">
            {t(`chats.status.${chat.status}`)}
          </span>
          {urgency === 'none' ? null : (
            <span className={`badge badge--${urgency}`}>{t(`chats.expiry.${urgency}`)}</span>
          )}
          {chat.botId ? (
            <span className="badge" data-testid="chat-at-bot">
              {t('chat.atBot', {
                name: directory.bots.get(chat.botId)?.name ?? t('chat.transfer.bot'),
              })}
            </span>
          ) : null}
        </div>
        <div className="chat-bar__facts">
          <span className="chat-bar__category" data-testid="chat-category">
            {t('chat.category.label')}:{' '}
            {category ?? (chat.categoryId ? t('chat.category.unknown') : t('chat.category.notSet'))}
          </span>
          {actions.setCategory ? (
            <button
              className="button button--link"
              type="button"
              data-testid="chat-set-category"
              onClick={() => {
                setDialog('category');
              }}
            >
              {t(chat.categoryId ? 'chat.category.change' : 'chat.category.set')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="chat-bar__actions">
        {actions.take ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="chat-take"
            onClick={() => {
              run(commands.take(chat.id));
            }}
          >
            {t('chat.take')}
          </button>
        ) : null}
        {actions.transfer ? (
          <button
            className="button"
            type="button"
            data-testid="chat-transfer"
            onClick={() => {
              setDialog('transfer');
            }}
          >
            {t('chat.transfer')}
          </button>
        ) : null}
        {actions.close ? (
          <button
            className="button"
            type="button"
            data-testid="chat-close"
            onClick={() => {
              setDialog('close');
            }}
          >
            {t('chat.close')}
          </button>
        ) : null}
      </div>
      {dialog === 'transfer' ? (
        <TransferDialog
          chat={chat}
          directory={directory}
          onClose={() => {
            setDialog(null);
          }}
          onTransfer={(to) => {
            run(commands.transfer(chat.id, to));
          }}
        />
      ) : null}
      {dialog === 'close' ? (
        <CloseChatDialog
          chat={chat}
          directory={directory}
          onClose={() => {
            setDialog(null);
          }}
          onCloseChat={(categoryId) => {
            run(commands.close(chat.id, categoryId));
          }}
        />
      ) : null}
      {dialog === 'category' ? (
        <CategoryDialog
          chat={chat}
          directory={directory}
          onClose={() => {
            setDialog(null);
          }}
          onSetCategory={(categoryId) => {
            run(commands.setCategory(chat.id, categoryId));
          }}
        />
      ) : null}
    </header>
  );
}
