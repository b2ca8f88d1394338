import { describe, expect, it } from 'vitest';
import { callbackToInbound, readViberCallback } from './viber-callback';
import { partMessage, viberParts } from './reply-parts';

const message = (body: Record<string, unknown>) => ({
  event: 'message',
  timestamp: 1,
  message_token: '5491086466934562817',
  sender: { id: 'u1==', name: 'Darya' },
  message: body,
});

describe('a Viber callback', () => {
  it('stores a customer’s message under its token, and takes statuses as moves of our messages', () => {
    expect(readViberCallback(message({ type: 'text', text: 'Hi' }))).toMatchObject({
      kind: 'events',
      events: [{ providerId: '5491086466934562817' }],
    });
    expect(
      readViberCallback({ event: 'seen', timestamp: 1, message_token: '77', user_id: 'u1==' }),
    ).toMatchObject({ statuses: [{ providerMessageId: '77', status: 'read' }] });
    expect(
      readViberCallback({ event: 'failed', timestamp: 1, message_token: '78', desc: 'no device' }),
    ).toMatchObject({
      statuses: [{ providerMessageId: '78', status: 'failed', reason: 'no device' }],
    });
    expect(readViberCallback({ event: 'webhook', timestamp: 1 })).toEqual({
      kind: 'events',
      events: [],
      statuses: [],
      skipped: [],
    });
    expect(readViberCallback({ event: 'client_status' })).toMatchObject({
      skipped: ['a callback not followed: client_status'],
    });
    expect(readViberCallback([1, 2])).toEqual({ kind: 'unreadable' });
  });

  it('turns a message into the customer’s words and a file to fetch', () => {
    expect(
      callbackToInbound(
        message({
          type: 'picture',
          text: 'this',
          media: 'https://dl.viber/p.jpg',
          file_name: 'p.jpg',
        }),
      ),
    ).toEqual({
      kind: 'message',
      userId: 'u1==',
      name: 'Darya',
      text: 'this',
      file: { url: 'https://dl.viber/p.jpg', name: 'p.jpg' },
    });
    expect(
      callbackToInbound(message({ type: 'location', location: { lat: 53.9, lon: 27.56 } })),
    ).toMatchObject({ text: 'https://maps.google.com/?q=53.9,27.56' });
    expect(callbackToInbound(message({ type: 'rich_media' }))).toMatchObject({ kind: 'ignored' });
  });
});

describe('a Viber reply', () => {
  it('goes as text of up to 7000, a small JPEG as a picture, anything else as a file, buttons on the last', () => {
    const parts = viberParts('x'.repeat(7001), [
      { id: 'a', name: 'a.jpg', type: 'image/jpeg', size: 1000 },
      { id: 'b', name: 'b.jpg', type: 'image/jpeg', size: 2 * 1024 * 1024 },
    ]);
    expect(parts.map((part) => part.kind)).toEqual(['text', 'text', 'picture', 'file']);
    const url = (file: { id: string }) => `https://us.example/${file.id}`;
    expect(partMessage(parts[3] as never, url, ['Yes'])).toEqual({
      type: 'file',
      media: 'https://us.example/b',
      size: 2 * 1024 * 1024,
      file_name: 'b.jpg',
      keyboard: {
        Type: 'keyboard',
        DefaultHeight: false,
        Buttons: [{ ActionType: 'reply', ActionBody: 'Yes', Text: 'Yes', Columns: 6, Rows: 1 }],
      },
    });
  });
});
