import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { commandArea, combineCommandAreas } from './command-area';
import { CHAT_COMMANDS } from './chats';
import { MESSAGE_COMMANDS } from './messages';
import { PEOPLE_COMMANDS } from './people';
import { DISTRIBUTION_COMMANDS } from './distribution';
import { CLIENT_COMMANDS } from './clients';
import { CHANNEL_COMMANDS } from './channels';
import { CATEGORY_COMMANDS } from './categories';
import { TEMPLATE_COMMANDS } from './templates';
import { MESSENGER_TEMPLATE_COMMANDS } from './messenger-templates';
import { REPORT_COMMANDS } from './reports';
import { CHATBOT_COMMANDS } from './chatbots';
import { COMMAND_PAYLOADS, COMMAND_TYPES, STAFF_COMMAND_TYPES } from '.';

const AREAS = [
  CHAT_COMMANDS,
  MESSAGE_COMMANDS,
  PEOPLE_COMMANDS,
  DISTRIBUTION_COMMANDS,
  CLIENT_COMMANDS,
  CHANNEL_COMMANDS,
  CATEGORY_COMMANDS,
  TEMPLATE_COMMANDS,
  MESSENGER_TEMPLATE_COMMANDS,
  REPORT_COMMANDS,
  CHATBOT_COMMANDS,
];
const Empty = v.object({});

describe('command areas', () => {
  it('two areas declaring the same command type cannot be combined', () => {
    const chats = commandArea({ 'chat.take': Empty }, ['chat.take']);
    const queue = commandArea({ 'queue.next': Empty, 'chat.take': Empty }, ['queue.next']);
    expect(() => combineCommandAreas([chats, queue])).toThrow(
      'Command type chat.take is declared twice',
    );
  });

  it('an area names as staff commands only commands of its own', () => {
    // @ts-expect-error -- 'chat.drop' is not a command of this area
    const area = commandArea({ 'chat.take': Empty }, ['chat.take', 'chat.drop']);
    expect(area.staff).toContain('chat.drop');
  });

  it('the protocol holds every command of every area, and nothing else', () => {
    const declared = AREAS.flatMap((area) => Object.keys(area.payloads));
    expect([...COMMAND_TYPES].sort()).toEqual([...declared].sort());
    for (const area of AREAS)
      for (const [type, schema] of Object.entries(area.payloads))
        expect(COMMAND_PAYLOADS[type as keyof typeof COMMAND_PAYLOADS], type).toBe(schema);
  });

  it('staff may send what their areas say, never a channel adapter’s message or a customer’s rating', () => {
    expect([...STAFF_COMMAND_TYPES].sort()).toEqual(AREAS.flatMap((area) => area.staff).sort());
    expect(STAFF_COMMAND_TYPES).not.toContain('message.receive');
    expect(STAFF_COMMAND_TYPES).not.toContain('chat.rate');
  });
});
