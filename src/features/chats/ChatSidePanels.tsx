import { useState } from 'react';
import type { Chat, Client } from '../../protocol';
import { useI18n, type MessageKey } from '../../ui/i18n';
import { Icon, type IconName } from '../../ui/Icon';
import { ChatFilesPanel } from './ChatFilesPanel';
import { ClientChatsPanel } from './ClientChatsPanel';
import { ClientPanel } from './ClientPanel';
import type { Directory } from './queries';
import { SessionPanel } from './SessionPanel';

const PANELS = ['client', 'history', 'knowledge', 'files', 'session'] as const;
type Panel = (typeof PANELS)[number];

const PANEL_LABELS: Record<Panel, { label: MessageKey; icon: IconName }> = {
  client: { label: 'panel.client', icon: 'user' },
  history: { label: 'panel.history', icon: 'history' },
  knowledge: { label: 'panel.knowledge', icon: 'book' },
  files: { label: 'panel.files', icon: 'paperclip' },
  session: { label: 'panel.session', icon: 'info' },
};

/**
 * The right-hand buttons of the chat screen (spec §2): client profile with the current request,
 * interaction history, knowledge base, attached files and the current session. The open panel
 * stays open from chat to chat; the open button closes it.
 */
export function ChatSidePanels({
  chat,
  client,
  directory,
}: {
  chat: Chat;
  client: Client | null | undefined;
  directory: Directory;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState<Panel | null>('client');
  return (
    <aside className={`side${open ? ' side--open' : ''}`} aria-label={t('panel.label')}>
      {open ? (
        <section className="panel" aria-labelledby={`panel-title-${open}`}>
          <h2 id={`panel-title-${open}`} className="panel__title">
            {t(PANEL_LABELS[open].label)}
          </h2>
          {open === 'client' ? (
            <ClientPanel chat={chat} client={client} directory={directory} />
          ) : null}
          {open === 'history' ? <ClientChatsPanel chat={chat} directory={directory} /> : null}
          {open === 'files' ? <ChatFilesPanel chatId={chat.id} /> : null}
          {open === 'session' ? <SessionPanel chat={chat} directory={directory} /> : null}
          {open === 'knowledge' ? (
            <div className="panel__content" data-testid="panel-knowledge">
              <p className="plan-note">{t('panel.knowledge.advancedPlan')}</p>
            </div>
          ) : null}
        </section>
      ) : null}
      <div className="side__buttons" role="toolbar" aria-orientation="vertical">
        {PANELS.map((panel) => (
          <button
            key={panel}
            className={`side__button${open === panel ? ' side__button--active' : ''}`}
            type="button"
            aria-pressed={open === panel}
            title={t(PANEL_LABELS[panel].label)}
            data-testid={`panel-button-${panel}`}
            onClick={() => {
              setOpen(open === panel ? null : panel);
            }}
          >
            <Icon name={PANEL_LABELS[panel].icon} size={20} />
            <span className="side__button-label">{t(PANEL_LABELS[panel].label)}</span>
          </button>
        ))}
      </div>
    </aside>
  );
}
