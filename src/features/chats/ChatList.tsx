import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ListSearch } from './list-search';
import { useDirectory } from './queries';
import type { Chat } from '../../protocol';
import { type ChatFilter } from '../../store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useChatList, useStore } from '../../store/hooks';
import { useI18n } from '../../ui/i18n';
import { dropScreenCopy } from '../../ui/screen-copy';
import { ChatRow } from './ChatRow';
import { dayKey } from './thread-timeline';
import { applyListSearch } from './list-search';
import { useListSearch } from './use-list-search';

/** Fixed row height: every row has the same three lines, so no measuring is needed. */
const ROW_HEIGHT = 80;
// Enough rows beyond the viewport that a fast scroll rarely shows blank space.
const OVERSCAN = 10;

/** A chat list of the main menu, read live from the local store and virtualized for 10,000 chats. */
export function ChatList({
  filter,
  viewerId,
  selectedChatId,
}: {
  filter: ChatFilter;
  viewerId: string;
  selectedChatId: string | undefined;
}) {
  const { t } = useI18n();
  const listed = useChatList(filter, viewerId);
  const db = useStore();
  // On Break, an empty In progress list says where the switch is: new chats come only In work.
  const onBreak = useLiveQuery(
    async () => (await db.users.get(viewerId))?.operatorStatus === 'break',
    [db, viewerId],
  );
  // The list's first drawing replaces the last visit's screen, if a start drew it
  // (app/shell/screen-copy.ts): in the same frame, as both show the same rows.
  useLayoutEffect(dropScreenCopy, []);
  const [query, setQuery] = useState('');
  const search = useListSearch(query);
  const chats = useMemo(
    () => (listed ? applyListSearch(listed.chats, search) : undefined),
    [listed, search],
  );
  const searchBox = (
    <input
      className="chat-list__search"
      type="search"
      value={query}
      placeholder={t('chats.search')}
      aria-label={t('chats.search')}
      data-testid="chat-search"
      onChange={(event) => {
        setQuery(event.target.value);
      }}
    />
  );
  if (chats === undefined) {
    return (
      <div className="chat-list chat-list--state" data-testid="chat-list" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  }
  if (chats.length === 0) {
    return (
      <>
        {searchBox}
        <div className="chat-list chat-list--state" data-testid="chat-list">
          {filter === 'assigned' && query === '' && onBreak
            ? t('chats.emptyOnBreak')
            : t('chats.empty')}
        </div>
      </>
    );
  }
  return (
    <>
      {searchBox}
      <VirtualChatRows
        chats={chats}
        clientNames={listed?.clientNames}
        viewerId={viewerId}
        search={search}
        selectedChatId={selectedChatId}
      />
    </>
  );
}

function VirtualChatRows({
  chats,
  clientNames,
  viewerId,
  search,
  selectedChatId,
}: {
  chats: Chat[];
  clientNames: ReadonlyMap<string, string> | undefined;
  viewerId: string;
  search: ListSearch | null;
  selectedChatId: string | undefined;
}) {
  // Staff names for the previews that name a colleague (a few dozen rows, read live).
  const users = useDirectory()?.users;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => chats[index]?.id ?? index,
    // React 19 warns about flushSync inside render-time scroll updates; batching is fine for a list.
    useFlushSync: false,
  });
  const { intl } = useI18n();
  // To the minute, so the day keys worked out (and cached) are one a minute, not one a render.
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const today = dayKey(minute.toISOString(), intl.timeZone);
  return (
    <div ref={scroller} className="chat-list" data-testid="chat-list" role="list">
      <div className="chat-list__track" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          const match = search?.matchByChat?.get(chat.id);
          const authorId = match ? match.authorId : (chat.lastMessagePreview?.authorId ?? null);
          return (
            <ChatRow
              key={item.key}
              chat={chat}
              clientName={clientNames?.get(chat.clientId)}
              viewerId={viewerId}
              authorName={authorId ? users?.get(authorId)?.name : undefined}
              query={search?.query ?? ''}
              match={match}
              today={today}
              selected={chat.id === selectedChatId}
              top={item.start}
              height={item.size}
            />
          );
        })}
      </div>
    </div>
  );
}
