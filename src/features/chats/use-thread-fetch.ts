import { useCallback, useEffect, useRef, useState } from 'react';
import type { Chat } from '../../protocol';
import { useChatWorkspace } from './chat-workspace';

export type ThreadFetch = { state: 'idle' | 'loading' | 'failed'; retry: () => void };

/**
 * Closed chats come without their messages (DESIGN §4), and old ones without themselves: the
 * thread is asked for once when the chat is closed with no local messages, or not here at all.
 * A chat that was here and went (transferred away) is not asked for: it is no longer ours to see.
 */
export function useThreadFetch(
  chatId: string,
  chat: Chat | null | undefined,
  messageCount: number | undefined,
): ThreadFetch {
  const { fetchChat } = useChatWorkspace();
  const [outcome, setOutcome] = useState<{
    chatId: string;
    state: 'loading' | 'done' | 'failed';
  }>();
  const asked = useRef(new Set<string>());
  const seen = useRef(new Set<string>());
  if (chat) seen.current.add(chatId);

  const run = useCallback(() => {
    asked.current.add(chatId);
    setOutcome({ chatId, state: 'loading' });
    fetchChat(chatId).then(
      () => {
        setOutcome({ chatId, state: 'done' });
      },
      (error: unknown) => {
        console.warn(`The thread of chat ${chatId} could not be fetched`, error);
        setOutcome({ chatId, state: 'failed' });
      },
    );
  }, [chatId, fetchChat]);

  const wanted =
    (chat === null && !seen.current.has(chatId)) ||
    (chat?.status === 'closed' && messageCount === 0);
  useEffect(() => {
    if (wanted && !asked.current.has(chatId)) run();
  }, [wanted, chatId, run]);

  // Before the request starts (first render) it already counts as loading, so nothing flashes.
  const state =
    outcome?.chatId === chatId
      ? outcome.state === 'done'
        ? 'idle'
        : outcome.state
      : wanted && !asked.current.has(chatId)
        ? 'loading'
        : 'idle';
  return { state, retry: run };
}
