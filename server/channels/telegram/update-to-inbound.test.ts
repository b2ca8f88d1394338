import { describe, expect, it } from 'vitest';
import { largestPhoto, senderName, updateToInbound } from './update-to-inbound';

const anna = {
  id: 501,
  is_bot: false,
  first_name: 'Anna',
  last_name: 'Petrova',
  username: 'anna_p',
};
const privateChat = { id: 501, type: 'private', first_name: 'Anna' };
const message = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  update_id: 9001,
  message: { message_id: 17, from: anna, chat: privateChat, date: 1_700_000_000, ...content },
  ...extra,
});

describe('a Telegram update as an inbound message', () => {
  it('carries a press of a button under our reply as the customer’s answer, by its label', () => {
    const press = {
      update_id: 9002,
      callback_query: {
        id: '4382bfdwdsb323b2d9',
        from: anna,
        chat_instance: '-73',
        data: 'answer:1',
        message: {
          message_id: 44,
          from: { id: 7, is_bot: true, first_name: 'Acme' },
          chat: privateChat,
          date: 1_700_000_000,
          text: 'Hello! What is it about?',
          reply_markup: {
            inline_keyboard: [
              [{ text: 'Prices', callback_data: 'answer:0' }],
              [{ text: 'Talk to a person', callback_data: 'answer:1' }],
            ],
          },
        },
      },
    };
    expect(updateToInbound(press)).toEqual({
      kind: 'message',
      updateId: 9002,
      messageKey: 'press:4382bfdwdsb323b2d9',
      chatId: '501',
      sender: { externalId: '501', name: 'Anna Petrova' },
      text: 'Talk to a person',
      file: undefined,
      callbackQueryId: '4382bfdwdsb323b2d9',
    });
  });

  it('carries a text message with the sender’s id and name, keyed by chat and message id', () => {
    expect(updateToInbound(message({ text: 'Hello, my order is late' }))).toEqual({
      kind: 'message',
      updateId: 9001,
      messageKey: '501:17',
      chatId: '501',
      sender: { externalId: '501', name: 'Anna Petrova' },
      text: 'Hello, my order is late',
      file: undefined,
    });
  });

  it('takes the largest size of a photo, whatever the order, with the caption as text', () => {
    const photo = [
      { file_id: 'mid', file_unique_id: 'u2', width: 320, height: 240, file_size: 20 },
      { file_id: 'big', file_unique_id: 'u3', width: 1280, height: 960, file_size: 300 },
      { file_id: 'small', file_unique_id: 'u1', width: 90, height: 67, file_size: 2 },
    ];
    const inbound = updateToInbound(message({ photo, caption: 'The box arrived broken' }));
    expect(inbound).toMatchObject({
      kind: 'message',
      text: 'The box arrived broken',
      file: { fileId: 'big', name: 'photo-17.jpg', type: 'image/jpeg', size: 300 },
    });
  });

  it('carries a document with its name and type, and no text when there is no caption', () => {
    const document = {
      file_id: 'doc',
      file_unique_id: 'u',
      file_name: 'invoice.pdf',
      mime_type: 'application/PDF',
      file_size: 1234,
    };
    expect(updateToInbound(message({ document }))).toMatchObject({
      kind: 'message',
      text: '',
      file: { fileId: 'doc', name: 'invoice.pdf', type: 'application/pdf', size: 1234 },
    });
  });

  it('names a document Telegram gave no name or type', () => {
    const document = { file_id: 'doc', file_unique_id: 'u' };
    expect(updateToInbound(message({ document }))).toMatchObject({
      file: { name: 'document-17', type: 'application/octet-stream', size: undefined },
    });
  });

  it.each([
    [
      'an edited message',
      { update_id: 1, edited_message: message({ text: 'x' }).message },
      'not handled: edited_message',
    ],
    [
      'a button press without its message (older than Telegram keeps)',
      { update_id: 1, callback_query: { id: 'q', from: anna, data: 'answer:0' } },
      'a button press without its message',
    ],
    [
      'a button press naming no button of its message',
      {
        update_id: 1,
        callback_query: {
          id: 'q',
          from: anna,
          data: 'answer:5',
          message: {
            message_id: 3,
            chat: privateChat,
            reply_markup: { inline_keyboard: [[{ text: 'Prices', callback_data: 'answer:0' }]] },
          },
        },
      },
      'a button press naming no button',
    ],
    [
      'a sticker',
      message({ sticker: { file_id: 's', file_unique_id: 'u', width: 1, height: 1 } }),
      'not handled: a message with sticker',
    ],
    [
      'a group message',
      message({ text: 'hi', chat: { id: -100, type: 'supergroup', title: 'Fans' } }),
      'not a private chat (supergroup)',
    ],
    [
      'a message from a bot',
      message({ text: 'hi', from: { ...anna, is_bot: true } }),
      'not from a person',
    ],
    [
      'a message with no sender',
      { update_id: 1, message: { message_id: 1, chat: privateChat, date: 1, text: 'x' } },
      'not from a person',
    ],
  ])('skips %s with the reason', (_case, update, reason) => {
    expect(updateToInbound(update)).toMatchObject({ kind: 'ignored', reason });
  });

  it.each([
    ['not an object', 'hello', undefined],
    ['no update id', { message: {} }, undefined],
    [
      'a message without a chat',
      { update_id: 5, message: { message_id: 1, date: 1, text: 'x' } },
      5,
    ],
    ['a text that is a number', { update_id: 6, message: { ...message({}).message, text: 42 } }, 6],
  ])('skips a malformed update (%s) with its id when it has one', (_case, update, updateId) => {
    expect(updateToInbound(update)).toEqual({
      kind: 'ignored',
      updateId,
      reason: 'malformed update',
    });
  });

  it('keeps fields Telegram adds in future versions from refusing a message', () => {
    expect(updateToInbound(message({ text: 'hi', brand_new_field: { x: 1 } }))).toMatchObject({
      kind: 'message',
      text: 'hi',
    });
  });
});

describe('sender names', () => {
  it.each([
    [{ id: 1, first_name: 'Anna', last_name: 'Petrova' }, 'Anna Petrova'],
    [{ id: 1, first_name: 'Anna' }, 'Anna'],
    [{ id: 1, first_name: ' ', username: 'anna_p' }, '@anna_p'],
    [{ id: 7, first_name: '' }, 'Telegram user 7'],
  ])('%j is %s', (user, name) => {
    expect(senderName(user)).toBe(name);
  });
});

describe('the largest photo size', () => {
  it('is undefined for no sizes', () => {
    expect(largestPhoto([])).toBeUndefined();
  });
});
