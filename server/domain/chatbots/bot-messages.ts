import { and, eq } from 'drizzle-orm';
import type { Attachment, MessageLink } from '../../../src/protocol';
import { botActionLinks, files } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import type { ChatRecord } from '../chats/chat-access';
import { storeBotMessage } from '../messages/bot-message';

/** One message a bot says: its text, an optional file, answers as buttons and links. */
export type BotMessage = {
  text: string;
  fileId: string | null;
  /** Value buttons: the customer's answer is the button's name. */
  answers: string[];
  /** Link buttons (a limit page's link too), each made a once-usable /bot-action/{id} page. */
  links: { name: string; url: string; kind: 'link' | 'limit' }[];
};

/**
 * Stores a bot's message in the chat and queues it for the chat's channel, like the system's
 * auto-replies (`authorKind: 'bot'`): every channel renders the buttons within its own limits,
 * and link buttons as its own links (docs/chatbots.md "The runtime").
 */
export async function sayAsBot(
  scope: CommandScope,
  chat: ChatRecord,
  say: BotMessage,
): Promise<void> {
  const links: MessageLink[] = [];
  for (const link of say.links) {
    const actionId = scope.newId();
    await scope.tx.insert(botActionLinks).values({
      id: actionId,
      orgId: scope.orgId,
      chatId: chat.id,
      kind: link.kind,
      name: link.name,
      url: link.url,
      createdAt: scope.now,
    });
    links.push({ name: link.name, actionId });
  }
  const attachments = await botFile(scope, say.fileId);
  // A node with only a file, or only buttons, still says something; a node with none says nothing.
  if (say.text.trim() === '' && attachments.length + say.answers.length + links.length === 0)
    return;
  await storeBotMessage(
    scope,
    chat,
    { text: say.text, attachments, buttons: say.answers, links },
    { bot: true },
  );
}

/** A node's file as an attachment; a file since deleted is left out rather than failing the chat. */
async function botFile(scope: CommandScope, fileId: string | null): Promise<Attachment[]> {
  if (fileId === null) return [];
  const rows = await scope.tx
    .select({ id: files.id, name: files.name, type: files.type, size: files.size })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.orgId, scope.orgId)));
  return rows as Attachment[];
}
