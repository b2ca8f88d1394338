import { describe, expect, it } from 'vitest';
import type { Right } from '../../../src/protocol';
import { replyAssignment } from './reply-assignment';

const operator = {
  id: 'op',
  teamIds: ['support'],
  rights: new Set<Right>(['AUTHORITY_CHAT_DISTRIBUTION']),
};
const supervisor = {
  id: 'sup',
  teamIds: [],
  rights: new Set<Right>(['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_ALL_CHATS']),
};
const watcher = { id: 'w', teamIds: [], rights: new Set<Right>(['AUTHORITY_ALL_CHATS']) };

describe('what a reply does to the assignment', () => {
  it.each([
    [
      'the operator answers their own chat',
      operator,
      { status: 'assigned', teamId: 'support', operatorId: 'op' },
      'keep',
    ],
    [
      'the operator answers a chat waiting in their queue',
      operator,
      { status: 'pending', teamId: 'support', operatorId: null },
      'take',
    ],
    [
      'the operator answers a chat a bot holds in their team: they step in',
      operator,
      { status: 'assigned', teamId: 'support', operatorId: null, botId: 'bot' },
      'take',
    ],
    [
      'the operator answers a chat a bot holds in another team',
      operator,
      { status: 'assigned', teamId: 'sales', operatorId: null, botId: 'bot' },
      'refuse',
    ],
    [
      'the operator answers a queue they are not in',
      operator,
      { status: 'pending', teamId: 'sales', operatorId: null },
      'refuse',
    ],
    [
      'the operator answers a colleague’s chat',
      operator,
      { status: 'assigned', teamId: 'support', operatorId: 'other' },
      'refuse',
    ],
    [
      'a supervisor answers any queued chat',
      supervisor,
      { status: 'pending', teamId: 'sales', operatorId: null },
      'take',
    ],
    [
      'a supervisor chimes into a colleague’s chat',
      supervisor,
      { status: 'assigned', teamId: 'sales', operatorId: 'other' },
      'keep',
    ],
    [
      'an all-chats holder who takes no chats answers a queued one',
      watcher,
      { status: 'pending', teamId: 'sales', operatorId: null },
      'keep',
    ],
  ] as const)('%s: %s', (_case, viewer, chat, expected) => {
    expect(replyAssignment(viewer, chat)).toBe(expected);
  });
});
