import { useMemo } from 'react';
import { makeTextSafe } from '../../protocol';
import { type NewFile, type OutboxRow } from '../../store';
import { useEnqueue } from '../../store/hooks';

export type TransferTarget = { operatorId: string } | { teamId: string } | { botId: string };

/**
 * The chat screen's commands. Each is written to the outbox with its predicted effect at once
 * (DESIGN §5); the server's answer replaces the guess, and a refusal shows in RejectedCommands.
 */
export type ChatCommands = {
  send: (
    chatId: string,
    text: string,
    internal: boolean,
    files: readonly NewFile[],
  ) => Promise<OutboxRow>;
  take: (chatId: string) => Promise<OutboxRow>;
  transfer: (chatId: string, to: TransferTarget) => Promise<OutboxRow>;
  close: (chatId: string, categoryId: string | null) => Promise<OutboxRow>;
  setCategory: (chatId: string, categoryId: string | null) => Promise<OutboxRow>;
};

export function useChatCommands(): ChatCommands {
  const enqueue = useEnqueue();
  return useMemo(
    () => ({
      // Text pasted from elsewhere may carry invisible control characters (a vertical tab from a
      // word processor) that the server's text rule refuses: they show nothing, so the reply goes
      // without them rather than being refused for what the operator cannot see.
      send: (chatId, text, internal, files) =>
        enqueue(
          { type: 'message.send', payload: { chatId, text: makeTextSafe(text), internal } },
          files,
        ),
      take: (chatId) => enqueue({ type: 'chat.take', payload: { chatId } }),
      transfer: (chatId, to) => enqueue({ type: 'chat.transfer', payload: { chatId, to } }),
      // No category sent means "keep the chat's own"; the server refuses when one is required.
      close: (chatId, categoryId) =>
        enqueue({
          type: 'chat.close',
          payload: categoryId === null ? { chatId } : { chatId, categoryId },
        }),
      setCategory: (chatId, categoryId) =>
        enqueue({ type: 'chat.setCategory', payload: { chatId, categoryId } }),
    }),
    [enqueue],
  );
}
