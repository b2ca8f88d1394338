import { describe, expect, it } from 'vitest';
import { readVkEvent, readVkEvents, vkEventToInbound } from './vk-events';

const GROUP = 210_000_001;
const messageNew = (message: Record<string, unknown>, group = GROUP) => ({
  type: 'message_new',
  group_id: group,
  event_id: 'e1',
  v: '5.199',
  object: {
    message: { id: 501, from_id: 101, peer_id: 101, text: 'Hi', attachments: [], ...message },
  },
});

describe('reading VK community events', () => {
  it('stores a person’s message under VK’s message id, so a retry or the same event by Long Poll is one', () => {
    const once = readVkEvent(messageNew({}), GROUP);
    const again = readVkEvent({ ...messageNew({}), event_id: 'e2' }, GROUP);
    expect(once.events).toHaveLength(1);
    expect(once.events[0]?.providerId).toBe('message:501');
    expect(again.events[0]?.providerId).toBe(once.events[0]?.providerId);
  });

  it('leaves group conversations, other communities and kinds it does not carry, saying why', () => {
    expect(readVkEvent(messageNew({ peer_id: 2_000_000_004 }), GROUP).skipped).toEqual([
      'message_new: a group conversation',
    ]);
    expect(readVkEvent(messageNew({}, 99), GROUP).skipped[0]).toMatch(/another community/);
    expect(readVkEvent({ type: 'message_typing_state', object: {} }, GROUP).skipped).toEqual([
      'message_typing_state: not carried',
    ]);
    expect(readVkEvent('nonsense', GROUP).skipped).toEqual(['an event without a type']);
  });

  it('reads message_read as a watermark over our replies', () => {
    const batch = readVkEvents(
      [{ type: 'message_read', object: { from_id: 101, peer_id: 101, read_message_id: 640 } }],
      GROUP,
    );
    expect(batch.statuses).toEqual([{ providerMessageId: '640', status: 'read', through: true }]);
  });

  it('takes the largest size of a photo, a document by its title, and says what it does not keep', () => {
    const inbound = vkEventToInbound({
      type: 'message_new',
      object: {
        message: {
          id: 7,
          from_id: 101,
          peer_id: 101,
          text: 'Look',
          attachments: [
            {
              type: 'photo',
              photo: {
                sizes: [
                  { url: 'https://vk/s', width: 75, height: 50 },
                  { url: 'https://vk/w', width: 1280, height: 853 },
                  { url: 'https://vk/m', width: 130, height: 87 },
                ],
              },
            },
            { type: 'doc', doc: { url: 'https://vk/doc', title: 'invoice.pdf' } },
            { type: 'sticker', sticker: { sticker_id: 1 } },
          ],
        },
      },
    });
    expect(inbound).toEqual({
      kind: 'message',
      peerId: 101,
      text: 'Look\n[sticker]',
      files: [
        { kind: 'photo', url: 'https://vk/w', name: null },
        { kind: 'doc', url: 'https://vk/doc', name: 'invoice.pdf' },
      ],
    });
    expect(vkEventToInbound({ type: 'message_reply', object: {} }).kind).toBe('ignored');
  });
});
