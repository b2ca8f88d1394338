import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatHistoryEntry } from '../../protocol';
import type { LocalMessage } from '../../store';
import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import { categoryLabel } from './category-tree';
import { dayLabel } from './day-label';
import { historyText, type HistoryNames } from './history-text';
import { MessageItem } from './MessageItem';
import type { Directory } from './queries';
import { followsAfterScroll } from './scroll-follow';
import { buildTimeline } from './thread-timeline';

/**
 * The message area: messages and history entries by time under day separators. It follows the
 * newest message while the reader is at the bottom, and keeps its place when they scrolled up.
 * Render it keyed by chat id, so each chat opens at its newest message.
 */
export function MessageThread({
  messages,
  history,
  directory,
  clientName,
  followRequest,
}: {
  messages: readonly LocalMessage[];
  history: readonly ChatHistoryEntry[];
  directory: Directory;
  clientName: string;
  /** Changes when the user sends something: they want to see it, wherever they were. */
  followRequest: number;
}) {
  const { t, intl } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastTop = useRef(0);
  const [away, setAway] = useState(false);
  const items = useMemo(
    () => buildTimeline(messages, history, intl.timeZone),
    [messages, history, intl.timeZone],
  );

  const toBottom = () => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  };

  useLayoutEffect(() => {
    if (following.current) toBottom();
  }, [items]);

  useLayoutEffect(() => {
    if (followRequest === 0) return;
    following.current = true;
    setAway(false);
    toBottom();
  }, [followRequest]);

  // Pictures load after their message is placed: keep the newest in view as they grow the thread.
  useEffect(() => {
    const box = content.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) toBottom();
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
    };
  }, []);

  const names: HistoryNames = {
    user: (id) => directory.users.get(id)?.name ?? t('history.unknownUser'),
    team: (id) => directory.teams.get(id)?.name ?? t('history.unknownTeam'),
    category: (id) => categoryLabel(directory.categories, id) ?? t('chat.category.unknown'),
    channel: (id) => directory.channels.get(id)?.name ?? t('history.unknownChannel'),
  };
  const authorOf = (message: LocalMessage): string => {
    switch (message.authorKind) {
      case 'client':
        return clientName;
      case 'operator':
        return (
          (message.authorId ? directory.users.get(message.authorId)?.name : undefined) ??
          t('message.author.operator')
        );
      case 'bot':
        return t('message.author.bot');
      case 'system':
        return t('message.author.system');
    }
  };
  const now = new Date();

  return (
    <div className="thread">
      <div
        ref={scroller}
        className="thread__scroller"
        data-testid="thread"
        onScroll={(event) => {
          const box = event.currentTarget;
          following.current = followsAfterScroll(following.current, lastTop.current, box);
          lastTop.current = box.scrollTop;
          setAway(!following.current);
        }}
      >
        <div ref={content} className="thread__content" role="log" aria-live="polite">
          {items.length === 0 ? <p className="thread__empty">{t('chat.noMessages')}</p> : null}
          {items.map((item) => {
            switch (item.kind) {
              case 'day': {
                const label = dayLabel(intl, item.day, now);
                return (
                  <div key={item.key} className="thread__day" data-testid="day-separator">
                    <span>
                      {label.kind === 'date'
                        ? label.text
                        : t(label.kind === 'today' ? 'chat.today' : 'chat.yesterday')}
                    </span>
                  </div>
                );
              }
              case 'message':
                return (
                  <MessageItem
                    key={item.key}
                    message={item.message}
                    author={authorOf(item.message)}
                  />
                );
              case 'history': {
                const { key, values } = historyText(item.entry, names);
                return (
                  <div
                    key={item.key}
                    className="thread__history"
                    data-testid="history-entry"
                    data-kind={item.entry.kind}
                  >
                    <span>{t(key, values)}</span>
                    <time dateTime={item.entry.at}>
                      {intl.formatTime(new Date(item.entry.at), {
                        hour: '2-digit',
                        minute: '2-digit',
                      })}
                    </time>
                  </div>
                );
              }
            }
          })}
        </div>
      </div>
      {away ? (
        <button
          className="thread__jump button"
          type="button"
          data-testid="jump-to-newest"
          onClick={() => {
            following.current = true;
            setAway(false);
            toBottom();
          }}
        >
          <Icon name="down" size={16} /> {t('chat.jumpToNewest')}
        </button>
      ) : null}
    </div>
  );
}
