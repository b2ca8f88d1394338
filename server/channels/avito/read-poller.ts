import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceiveContext } from '../adapter';
import { AvitoApiError, type AvitoClient, type AvitoCredentials } from './avito-client';

/** The chats looked at each round: the most recently active, where replies are waiting to be read. */
const RECENT_CHATS = 20;

/**
 * Avito sends no notice when a customer reads our reply: the mark is only in the chat's messages
 * (`is_read` on ours). So, each round, the most recently active chats are listed, and a chat whose
 * last message is not one already seen to its end has its messages read: the newest of our
 * messages the customer has read is reported as a watermark (`through`: every earlier reply of
 * that chat is read too). A chat is left alone until something new is in it once its newest reply
 * is read. A failed round waits for the next one and, while notifications come (`receiving`),
 * says why on the channel's health ("connected, with errors"); the next good round clears it.
 * Receiving does not depend on this.
 */
export function pollReads(
  client: AvitoClient,
  credentials: AvitoCredentials,
  accountId: number,
  context: ReceiveContext,
  everyMs: number,
  receiving: boolean,
): Promise<void> {
  const { signal } = context;
  /** Per chat: the last message up to which it needs no more looking at. */
  const settled = new Map<string, string>();
  /** Per chat: the read mark reported last, so a round reports it once. */
  const reported = new Map<string, string>();
  const stopped = (): boolean => signal.aborted;

  const round = async (): Promise<void> => {
    const chats = await client.recentChats(credentials, accountId, RECENT_CHATS, signal);
    for (const chat of chats) {
      const last = chat.lastMessage;
      if (!last || settled.get(chat.id) === last.id) continue;
      const messages = await client.messages(credentials, accountId, chat.id, signal);
      const ours = messages.filter((message) => message.author_id === accountId);
      const newestRead = ours.find((message) => message.is_read === true);
      if (newestRead && reported.get(chat.id) !== newestRead.id) {
        await context.statuses([
          { providerMessageId: newestRead.id, status: 'read', through: true },
        ]);
        reported.set(chat.id, newestRead.id);
      }
      // Nothing of ours waits to be read here: nothing to look for until the chat moves.
      if (ours.length === 0 || ours[0]?.id === newestRead?.id) settled.set(chat.id, last.id);
    }
  };

  let failing = false;
  const run = async (): Promise<void> => {
    while (!stopped()) {
      try {
        await round();
        if (failing && receiving) context.health({ connected: true });
        failing = false;
      } catch (error) {
        if (stopped()) return;
        failing = true;
        // Without notifications the page already says what to set (PUBLIC_URL): that stays.
        if (receiving)
          context.health({
            connected: true,
            error: `customers' reads could not be checked: ${error instanceof AvitoApiError ? error.message : 'no answer'}`,
          });
      }
      await sleep(everyMs, undefined, { signal }).catch(() => undefined);
    }
  };
  return run();
}
