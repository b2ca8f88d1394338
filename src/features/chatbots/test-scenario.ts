import type { BotNode } from '../../protocol';
import { newButton, newNode } from './scenario-edit';

/** The ids of the three-node bot's nodes and buttons. */
export const GREET = '0190a000-0000-7000-8000-00000000a001';
export const ANSWER = '0190a000-0000-7000-8000-00000000a002';
export const TEAM = '0190a000-0000-7000-8000-00000000a003';
export const PRICES = '0190a000-0000-7000-8000-00000000b001';
export const PERSON = '0190a000-0000-7000-8000-00000000b002';

/**
 * The Done-when's three-node bot for the editor's tests: a greeting with two value buttons, one
 * to an answer that closes the chat, the other to a transfer to a team.
 */
export function threeNodeBot(): BotNode[] {
  const greeting: BotNode = {
    ...newNode(GREET, { x: 0, y: 0 }),
    reply: { text: 'Hello! How can we help you today?', fileId: null },
    buttons: [
      { ...newButton(PRICES), name: 'Prices', next: ANSWER },
      { ...newButton(PERSON), name: 'A person', next: TEAM },
    ],
  };
  const answer: BotNode = {
    ...newNode(ANSWER, { x: -120, y: 160 }),
    reply: { text: 'Our prices are on the site.', fileId: null },
    action: { kind: 'close' },
  };
  const team: BotNode = {
    ...newNode(TEAM, { x: 120, y: 160 }),
    reply: { text: 'Passing you to our team.', fileId: null },
    action: { kind: 'team', teamId: '0190a000-0000-7000-8000-000000000001' },
  };
  return [greeting, answer, team];
}
