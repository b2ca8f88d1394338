import { describe, expect, it } from 'vitest';
import { combineAreaHandlers, type AreaHandlers } from './area-handlers';

const take = () => Promise.resolve();
const transfer = () => Promise.resolve();
const send = () => Promise.resolve();

describe('combineAreaHandlers', () => {
  it('gives every command type the handler of the one area that declares it', () => {
    const chats = { 'chat.take': take, 'chat.transfer': transfer } satisfies AreaHandlers;
    const messages = { 'message.send': send } satisfies AreaHandlers;
    expect(combineAreaHandlers(chats, messages)).toEqual({
      'chat.take': take,
      'chat.transfer': transfer,
      'message.send': send,
    });
  });

  it('throws when two areas handle one command type, naming it', () => {
    const chats = { 'chat.take': take } satisfies AreaHandlers;
    const distribution = { 'chat.take': transfer } satisfies AreaHandlers;
    expect(() => combineAreaHandlers(chats, distribution)).toThrow(
      'The command type chat.take is handled by two areas',
    );
  });

  it('throws when one area is listed twice', () => {
    const messages = { 'message.send': send } satisfies AreaHandlers;
    expect(() => combineAreaHandlers(messages, messages)).toThrow(/message\.send/);
  });
});
