import { describe, expect, it } from 'vitest';
import { readMessengerBatch } from './messenger-webhook';
import { itemToInbound } from './messenger-item';
import { messengerParts, MESSENGER_TEXT_MAX, partMessage } from './messenger-parts';

const readInstagramBatch = (body: unknown) => readMessengerBatch(body, 'instagram');

const item = (fields: Record<string, unknown>) => ({
  sender: { id: '5550001' },
  recipient: { id: '17841400000000001' },
  timestamp: 1764000000000,
  ...fields,
});

describe('an Instagram webhook call', () => {
  it('splits its entries by account: customers’ messages by mid, reads as statuses, echoes left out', () => {
    const batch = readInstagramBatch({
      object: 'instagram',
      entry: [
        {
          id: '17841400000000001',
          time: 1,
          messaging: [
            item({ message: { mid: 'm1', text: 'Hello' } }),
            item({ message: { mid: 'm2', text: 'ours', is_echo: true } }),
            item({ read: { mid: 'm0' } }),
            item({ reaction: { mid: 'm0', action: 'react' } }),
            'not an item',
          ],
        },
        {
          id: 17841400000000002,
          time: 1,
          messaging: [item({ postback: { mid: 'p1', title: 'Yes' } })],
        },
      ],
    });
    expect(batch?.accounts.map((account) => account.identity)).toEqual([
      '17841400000000001',
      '17841400000000002',
    ]);
    expect(batch?.accounts[0]?.events.map((event) => event.providerId)).toEqual(['m1']);
    expect(batch?.accounts[0]?.statuses).toEqual([{ providerMessageId: 'm0', status: 'read' }]);
    expect(batch?.accounts[1]?.events.map((event) => event.providerId)).toEqual(['p1']);
    expect(batch?.skipped).toHaveLength(2);
  });

  it('is null for another object or no entries', () => {
    expect(readInstagramBatch({ object: 'page', entry: [] })).toBeNull();
    expect(readInstagramBatch({ object: 'instagram' })).toBeNull();
    expect(readInstagramBatch('{}')).toBeNull();
  });
});

describe('a stored Instagram item', () => {
  it('is the customer’s text, files to fetch, and what has no file said in the text', () => {
    expect(
      itemToInbound(
        item({
          message: {
            mid: 'm1',
            text: 'Look',
            attachments: [
              { type: 'image', payload: { url: 'https://cdn.example/a.jpg' } },
              { type: 'share', payload: { url: 'https://instagram.com/p/x' } },
              { type: 'image', payload: { url: 'javascript:alert(1)' } },
            ],
          },
        }),
      ),
    ).toEqual({
      kind: 'message',
      sender: '5550001',
      text: 'Look\n[share] https://instagram.com/p/x\n[image]',
      files: [{ kind: 'image', url: 'https://cdn.example/a.jpg' }],
    });
    expect(itemToInbound(item({ postback: { mid: 'p', title: 'Track order' } }))).toMatchObject({
      kind: 'message',
      text: 'Track order',
    });
    expect(itemToInbound(item({ message: { mid: 'm', text: '' } }))).toMatchObject({
      kind: 'ignored',
    });
    expect(itemToInbound({ nonsense: true })).toMatchObject({ kind: 'ignored' });
  });
});

describe('an Instagram reply', () => {
  it('cuts its text at 1000, puts its buttons under the last part as quick replies of 20, then each file', () => {
    const text = `${'a'.repeat(990)} ${'b'.repeat(500)}`;
    const parts = messengerParts(
      text,
      [
        { id: 'f1', name: 'x.png', type: 'image/png' },
        { id: 'f2', name: 'y.pdf', type: 'application/pdf' },
      ],
      ['Delivery', 'A very long answer indeed, over twenty'],
    );
    expect(parts.map((part) => part.kind)).toEqual(['text', 'text', 'attachment', 'attachment']);
    expect(parts[0]).toMatchObject({ quickReplies: [] });
    const url = (file: { id: string }) => ({ url: `https://us.example/${file.id}` });
    expect(partMessage(parts[1] as never, url)).toEqual({
      text: 'b'.repeat(500),
      quick_replies: [
        { content_type: 'text', title: 'Delivery', payload: 'Delivery' },
        {
          content_type: 'text',
          title: 'A very long answer i',
          payload: 'A very long answer indeed, over twenty',
        },
      ],
    });
    expect(partMessage(parts[2] as never, url)).toEqual({
      attachment: { type: 'image', payload: { url: 'https://us.example/f1' } },
    });
    expect(partMessage(parts[3] as never, url)).toMatchObject({ attachment: { type: 'file' } });
  });
});

describe('a Messenger webhook call', () => {
  it('reads deliveries by mid and a read as a watermark by time over the customer’s replies', () => {
    const batch = readMessengerBatch(
      {
        object: 'page',
        entry: [
          {
            id: '104000000000001',
            time: 1,
            messaging: [
              item({ message: { mid: 'm_1', text: 'Hi' } }),
              item({ delivery: { mids: ['m_a', 'm_b'], watermark: 1764000000000 } }),
              item({ read: { watermark: 1764000000500 } }),
            ],
          },
        ],
      },
      'page',
    );
    expect(batch?.accounts[0]?.events.map((event) => event.providerId)).toEqual(['m_1']);
    expect(batch?.accounts[0]?.statuses).toEqual([
      { providerMessageId: 'm_a', status: 'delivered' },
      { providerMessageId: 'm_b', status: 'delivered' },
      { customer: '5550001', status: 'read', upTo: new Date(1764000000500) },
    ]);
    // An Instagram call at the page's address (or the other way round) is not taken.
    expect(readMessengerBatch({ object: 'instagram', entry: [] }, 'page')).toBeNull();
  });

  it('cuts a Messenger reply at 2000 and sends an uploaded file by its attachment id', () => {
    const parts = messengerParts(
      'c'.repeat(MESSENGER_TEXT_MAX + 1),
      [{ id: 'f1', name: 'menu.pdf', type: 'application/pdf' }],
      [],
      MESSENGER_TEXT_MAX,
    );
    expect(parts.map((part) => part.kind)).toEqual(['text', 'text', 'attachment']);
    expect(partMessage(parts[2] as never, () => ({ attachment_id: '9001' }))).toEqual({
      attachment: { type: 'file', payload: { attachment_id: '9001' } },
    });
  });
});
