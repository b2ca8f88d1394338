import { describe, expect, it } from 'vitest';
import type { ChatHistoryEntry } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { CHATS_EN, CHATS_RU } from './chats-messages';
import { historyText, type HistoryNames } from './history-text';

const OSCAR = '00000000-0000-7000-8000-0000000000a1';
const SAM = '00000000-0000-7000-8000-0000000000a2';
const SUPPORT = '00000000-0000-7000-8000-0000000000e1';
const LATE = '00000000-0000-7000-8000-0000000000f1';
const SITE = '00000000-0000-7000-8000-0000000000c1';
const GREETER = '00000000-0000-7000-8000-0000000000b1';

const known: Record<string, string> = {
  [OSCAR]: 'Oscar Operator',
  [SAM]: 'Sam Supervisor',
  [SUPPORT]: 'Support',
  [LATE]: 'Delivery › Late delivery',
  [SITE]: 'Website chat',
  [GREETER]: 'Front desk',
};
const lookup = (id: string) => known[id] ?? '?';
const names: HistoryNames = {
  user: lookup,
  team: lookup,
  category: lookup,
  channel: lookup,
  bot: lookup,
};

const entry = (
  kind: ChatHistoryEntry['kind'],
  data: Record<string, unknown> = {},
  actorId: string | null = null,
): ChatHistoryEntry => ({
  id: '00000000-0000-7000-8000-000000000999',
  chatId: '00000000-0000-7000-8000-000000000001',
  kind,
  actorId,
  data,
  at: '2025-06-10T10:00:00Z',
});

describe('history entry texts', () => {
  it.each<[ChatHistoryEntry, string, string]>([
    [
      entry('created', { channelId: SITE }),
      'Chat created in Website chat',
      'Чат создан: Website chat',
    ],
    [entry('created'), 'Chat created', 'Чат создан'],
    [
      entry('assigned', { operatorId: OSCAR }, OSCAR),
      'Oscar Operator took the chat',
      'Oscar Operator взял(а) чат',
    ],
    [
      entry('assigned', { operatorId: OSCAR }),
      'Assigned to Oscar Operator',
      'Назначен: Oscar Operator',
    ],
    [entry('assigned'), 'Assigned', 'Назначен'],
    [
      entry('assigned', { botId: GREETER, version: 2, by: 'routing' }),
      'The chat bot “Front desk” took the chat',
      'Чат взял чат-бот «Front desk»',
    ],
    [
      entry('transferred', { fromBotId: GREETER, fromTeamId: SUPPORT, toTeamId: SUPPORT }),
      'The chat bot “Front desk” handed the chat to the Support team',
      'Чат-бот «Front desk» передал чат команде Support',
    ],
    [
      entry('closed', { categoryId: null, by: 'bot' }),
      'Closed by the chat bot',
      'Закрыт чат-ботом',
    ],
    [
      entry('unassigned', { operatorId: OSCAR }),
      'Oscar Operator was unassigned',
      'Oscar Operator снят(а) с чата',
    ],
    [
      entry('transferred', { fromOperatorId: SAM, toOperatorId: OSCAR }, SAM),
      'Transferred from Sam Supervisor to Oscar Operator',
      'Передан от Sam Supervisor к Oscar Operator',
    ],
    [
      entry('transferred', { fromOperatorId: null, toOperatorId: OSCAR }),
      'Transferred to Oscar Operator',
      'Передан: Oscar Operator',
    ],
    [
      entry('transferred', { fromTeamId: null, toTeamId: SUPPORT }),
      'Transferred to the Support team',
      'Передан в команду Support',
    ],
    [
      entry('category_set', { categoryId: LATE }),
      'Request category set: Delivery › Late delivery',
      'Категория обращения: Delivery › Late delivery',
    ],
    [
      entry('category_removed', { categoryId: LATE }),
      'Request category removed',
      'Категория обращения снята',
    ],
    [entry('closed', {}, SAM), 'Closed by Sam Supervisor', 'Закрыт: Sam Supervisor'],
    [entry('closed'), 'Chat closed', 'Чат закрыт'],
    [
      entry('unassigned', { operatorId: OSCAR, reason: 'no_reply', minutes: 10 }),
      'Oscar Operator did not answer within 10 min: the chat went back to the queue',
      'Oscar Operator не ответил(а) за 10 мин: чат вернулся в очередь',
    ],
    [
      entry('closed', { reason: 'client_inactivity' }),
      'Closed automatically: the customer did not reply',
      'Закрыт автоматически: клиент не ответил',
    ],
    [
      entry('closed', { reason: 'inactivity' }),
      'Closed automatically: nobody wrote for a while',
      'Закрыт автоматически: в чате долго никто не писал',
    ],
    [
      entry('closed', { reason: 'unattended' }),
      'Closed automatically: nobody took the chat in time',
      'Закрыт автоматически: чат никто не взял вовремя',
    ],
    [
      entry('closed', { reason: 'spam' }, SAM),
      'Closed: Sam Supervisor marked the client as spam',
      'Закрыт: Sam Supervisor пометил(а) клиента как спам',
    ],
    [
      entry('closed', { reason: 'spam' }),
      'Closed: the client was marked as spam',
      'Закрыт: клиент помечен как спам',
    ],
    [entry('reopened'), 'Chat reopened', 'Чат открыт снова'],
    [
      entry('rated', { rating: 4 }),
      'The client rated the chat 4 of 5',
      'Клиент оценил чат на 4 из 5',
    ],
    [entry('assigned', { operatorId: 'gone' }), 'Assigned to ?', 'Назначен: ?'],
  ])('%j reads "%s" and "%s"', (historyEntry, en, ru) => {
    const { key, values } = historyText(historyEntry, names);
    expect(createTranslator('en', { ...SHELL_EN, ...CHATS_EN }).t(key, values)).toBe(en);
    expect(createTranslator('ru', { ...SHELL_RU, ...CHATS_RU }).t(key, values)).toBe(ru);
  });
});
