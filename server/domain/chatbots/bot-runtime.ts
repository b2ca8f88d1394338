import { eq } from 'drizzle-orm';
import { rootOf } from '../../../src/protocol';
import { chatBotSessions, organizations } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { hasOption } from '../core/require-option';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { updateChat, type ChatRecord } from '../chats/chat-access';
import { detectIntents } from '../distribution/intents';
import { operatorTeams } from '../distribution/operator-teams';
import { botAnswer, botStart, type BotStep } from './bot-step';
import { sayAsBot } from './bot-messages';
import { handOver } from './bot-handover';
import {
  endBotSession,
  openBotSession,
  publishedVersion,
  versionOf,
  type BotSession,
} from './bot-session';
import { botText, type BotLanguage } from './bot-texts';

/**
 * The customer's messages a bot takes in one conversation. Past it the customer reaches the limit
 * page (spec §2 "bot message limit exceeded") and the chat goes to people: a scenario that keeps
 * a customer talking to a bot this long is not helping them.
 */
export const BOT_MESSAGE_LIMIT = 20;

/**
 * Answers in a row a bot may not understand before it hands the chat to people: the default
 * message said three times is a customer the scenario cannot help (Botpress's repetition limit).
 */
export const BOT_CONFUSED_LIMIT = 3;

/**
 * Gives a chat to a chat bot (a routing rule's action, a transfer): the bot holds it ("at bot":
 * assigned, no operator) on the version published now, and says its root node. Returns false,
 * changing nothing, when the bot cannot take chats — not published, or the organization's plan
 * lacks chat bots — so the caller queues the chat as it would without the bot.
 */
export async function startBot(
  scope: CommandScope,
  chat: ChatRecord,
  chatbotId: string,
  by: 'routing' | 'transfer',
): Promise<boolean> {
  if (!(await hasOption(scope, 'OPTION_CHAT_BOT'))) return false;
  const running = await publishedVersion(scope, chatbotId);
  const root = running ? rootOf(running.scenario.nodes) : null;
  if (!running || !root) return false;

  // A chat handed from one bot to another ends the first conversation.
  await endBotSession(scope, chat.id);
  const [session] = await scope.tx
    .insert(chatBotSessions)
    .values({
      id: scope.newId(),
      orgId: scope.orgId,
      chatId: chat.id,
      chatbotId,
      version: running.version,
      startedAt: scope.now,
    })
    .returning();
  if (!session) throw new Error('bot session insert returned nothing');
  const updated = await updateChat(scope, chat.id, {
    status: 'assigned',
    botId: chatbotId,
    operatorId: null,
    assignedAt: scope.now,
    queuedAt: null,
    // The bot answers now: nobody is kept waiting while it does (the urgency clock stops).
    unansweredSince: null,
  });
  const changes = await chatMoveChanges(scope.tx, chat, updated);
  changes.push(
    await addHistory(scope, updated, 'assigned', {
      botId: chatbotId,
      version: running.version,
      by,
    }),
  );
  scope.emit('chat.assigned', { chatId: chat.id, botId: chatbotId, by }, changes);
  scope.touchedChats.add(chat.id);
  // The operator who handed it over has room again.
  if (chat.operatorId) scope.serveTeams(await operatorTeams(scope, chat.operatorId));
  const step = botStart(running.scenario.nodes, root.id, scope.now.getTime());
  await follow(scope, updated, session, step, { taken: 0, confused: 0 });
  return true;
}

/**
 * The customer wrote in a chat a bot holds: the bot follows the answer on the version the
 * conversation started with. Past the message limit the customer gets the limit page and the
 * chat goes to people; so it does after too many answers the bot did not understand.
 */
export async function answerBot(
  scope: CommandScope,
  chat: ChatRecord,
  text: string,
): Promise<void> {
  const session = await openBotSession(scope, chat.id);
  const running = session ? await versionOf(scope, session.chatbotId, session.version) : null;
  // A conversation with nothing to wait at (its version gone) cannot go on: people take it.
  if (!session || !running || session.nodeId === null) {
    await handOver(scope, chat, { kind: 'none' });
    return;
  }
  const taken = session.taken + 1;
  if (taken > BOT_MESSAGE_LIMIT) {
    const language = await organizationLanguage(scope);
    await sayAsBot(scope, chat, {
      text: botText(language, 'limit'),
      fileId: null,
      answers: [],
      links: [{ name: botText(language, 'limitLink'), url: '', kind: 'limit' }],
    });
    await handOver(scope, chat, { kind: 'none' });
    return;
  }
  const step = botAnswer(
    running.scenario.nodes,
    session.nodeId,
    { text, intents: detectIntents(text) },
    running.defaultMessage,
    scope.now.getTime(),
  );
  await follow(scope, chat, session, step, {
    taken,
    confused: step.confused ? session.confused + 1 : 0,
  });
}

/** Says what a step says, then waits at its node, or ends the bot's part as the step says. */
async function follow(
  scope: CommandScope,
  chat: ChatRecord,
  session: BotSession,
  step: BotStep,
  counts: { taken: number; confused: number },
): Promise<void> {
  for (const say of step.say)
    await sayAsBot(scope, chat, {
      text: say.text,
      fileId: say.fileId,
      answers: say.buttons.filter((button) => button.kind === 'value').map((button) => button.name),
      links: say.buttons
        .filter((button) => button.kind === 'link')
        .map((button) => ({ name: button.name, url: button.link, kind: 'link' as const })),
    });
  if (step.end) {
    await handOver(scope, chat, step.end);
    return;
  }
  if (counts.confused >= BOT_CONFUSED_LIMIT) {
    await handOver(scope, chat, { kind: 'none' });
    return;
  }
  await scope.tx
    .update(chatBotSessions)
    .set({ nodeId: step.at, taken: counts.taken, confused: counts.confused })
    .where(eq(chatBotSessions.id, session.id));
}

async function organizationLanguage(scope: CommandScope): Promise<BotLanguage> {
  const [org] = await scope.tx
    .select({ language: organizations.language })
    .from(organizations)
    .where(eq(organizations.id, scope.orgId));
  return org?.language ?? 'en';
}
