import { describe, expect, it } from 'vitest';
import type { Chat, Right } from '../../protocol';
import { chatActions } from './chat-actions';

const ME = 'me';
const TEAM = 'support';
const operator = {
  id: ME,
  teamIds: [TEAM],
  rights: new Set<Right>(['AUTHORITY_CHAT_DISTRIBUTION']),
};
const supervisor = {
  id: ME,
  teamIds: [],
  rights: new Set<Right>(['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_ALL_CHATS']),
};
const observer = { id: ME, teamIds: [TEAM], rights: new Set<Right>() };

type ChatState = Pick<Chat, 'status' | 'operatorId' | 'teamId' | 'botId'>;
const pendingHere: ChatState = { status: 'pending', operatorId: null, teamId: TEAM };
const pendingElsewhere: ChatState = { status: 'pending', operatorId: null, teamId: 'sales' };
const mine: ChatState = { status: 'assigned', operatorId: ME, teamId: TEAM };
const colleagues: ChatState = { status: 'assigned', operatorId: 'other', teamId: TEAM };
const closedMine: ChatState = { status: 'closed', operatorId: ME, teamId: TEAM };
const atBotHere: ChatState = { status: 'assigned', operatorId: null, teamId: TEAM, botId: 'b1' };

describe('what the chat top bar offers', () => {
  it.each([
    ['an operator', 'a chat waiting in their queue', 'take transfer reply', operator, pendingHere],
    ['an operator', 'a chat of another team’s queue', 'take', operator, pendingElsewhere],
    ['an operator', 'their own chat', 'transfer close setCategory reply', operator, mine],
    ['an operator', 'a colleague’s chat', '', operator, colleagues],
    ['an operator', 'a chat a bot holds in their team', 'take transfer reply', operator, atBotHere],
    ['an operator', 'their closed chat', 'setCategory', operator, closedMine],
    [
      'a supervisor',
      'a colleague’s chat',
      'transfer close setCategory reply',
      supervisor,
      colleagues,
    ],
    [
      'a supervisor',
      'a queued chat',
      'take transfer close setCategory reply',
      supervisor,
      pendingElsewhere,
    ],
    [
      'a staff member without distribution',
      'a chat in their queue',
      'transfer reply',
      observer,
      pendingHere,
    ],
  ])('%s looking at %s is offered: %s', (_who, _what, offered, viewer, chat) => {
    const actions = chatActions(chat, viewer);
    const on = Object.entries(actions)
      .filter(([, yes]) => yes)
      .map(([name]) => name)
      .join(' ');
    expect(on).toBe(offered);
  });
});
