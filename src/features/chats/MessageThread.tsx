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

/** How near the top a reader must scroll for earlier messages to be drawn above. */
const EARLIER_THRESHOLD_PX = 200;

/**
 * History entries drawn with a window of the newest messages: those from the oldest message shown
 * on, so the timeline does not show what happened before a gap of messages not drawn.
 */
function shownHistory(
  history: readonly ChatHistoryEntry[],
  messages: readonly LocalMessage[],
  hasEarlier: boolean,
): readonly ChatHistoryEntry[] {
  const oldest = messages[0]?.createdAt;
  if (!hasEarlier || oldest === undefined) return history;
  return history.filter((entry) => entry.at >= oldest);
}

/**
 * The message area: messages and history entries by time under day separators. It follows the
 * newest message while the reader is at the bottom, and keeps its place when they scrolled up.
 * Render it keyed by chat id, so each chat opens at its newest message.
 */
export function MessageThread({
  messages,
  hasEarlier,
  onShowEarlier,
  history,
  directory,
  clientName,
  followRequest,
}: {
  /** The newest messages, oldest first; `hasEarlier` when older ones are stored too. */
  messages: readonly LocalMessage[];
  hasEarlier: boolean;
  /** Asks for more of the earlier messages (scrolling near the top, or the button there). */
  onShowEarlier: () => void;
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
  // Set when earlier messages are asked for: the distance from the bottom to keep, so the reader's
  // place stays put while messages are added above it.
  const keepFromBottom = useRef<number | null>(null);
  const items = useMemo(
    () => buildTimeline(messages, shownHistory(history, messages, hasEarlier), intl.timeZone),
    [messages, history, hasEarlier, intl.timeZone],
  );

  const toBottom = () => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  };

  const showEarlier = () => {
    const box = scroller.current;
    if (keepFromBottom.current !== null || !box) return;
    keepFromBottom.current = box.scrollHeight - box.scrollTop;
    onShowEarlier();
  };

  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && keepFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (following.current) toBottom();
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
    bot: (id) => directory.bots.get(id)?.name ?? t('history.unknownBot'),
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
          if (hasEarlier && !following.current && box.scrollTop < EARLIER_THRESHOLD_PX)
            showEarlier();
        }}
      >
        <div ref={content} className="thread__content" role="log" aria-live="polite">
          {hasEarlier ? (
            <button
              className="thread__earlier button button--link"
              type="button"
              data-testid="show-earlier"
              onClick={showEarlier}
            >
              {t('chat.showEarlier')}
            </button>
          ) : null}
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
