import { describe, expect, it } from 'vitest';
import { messageToInbound } from './message-to-inbound';

const payload = (message: Record<string, unknown>, name?: string) => ({
  message: { from: '79161234567', id: 'wamid.HBgLNzkxNjEyMzQ1NjcVAgASGBQzQTk', ...message },
  ...(name === undefined ? {} : { contact: { wa_id: '79161234567', profile: { name } } }),
  phoneNumberId: '111',
});

describe('messageToInbound', () => {
  it('takes a text with the sender’s profile name', () => {
    expect(messageToInbound(payload({ type: 'text', text: { body: 'Hi' } }, ' Anna '))).toEqual({
      kind: 'message',
      waId: '79161234567',
      name: 'Anna',
      text: 'Hi',
      media: undefined,
    });
  });

  it('names a photo WhatsApp gives no name, and keeps a document’s own name and caption', () => {
    const photo = messageToInbound(
      payload({ type: 'image', image: { id: 'm1', mime_type: 'image/jpeg', sha256: 'ab' } }),
    );
    expect(photo).toMatchObject({
      kind: 'message',
      text: '',
      media: { mediaId: 'm1', type: 'image/jpeg', sha256: 'ab' },
    });
    if (photo.kind === 'message') expect(photo.media?.name).toMatch(/^image-[A-Za-z0-9]+\.jpg$/);
    expect(
      messageToInbound(
        payload({
          type: 'document',
          document: {
            id: 'm2',
            mime_type: 'application/pdf',
            filename: 'invoice.pdf',
            caption: 'The invoice',
          },
        }),
      ),
    ).toMatchObject({
      text: 'The invoice',
      media: { mediaId: 'm2', name: 'invoice.pdf', type: 'application/pdf' },
    });
  });

  it('reads a pressed button, a chosen list row and a shared place as text', () => {
    expect(
      messageToInbound(
        payload({
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Delivery' } },
        }),
      ),
    ).toMatchObject({ text: 'Delivery' });
    expect(
      messageToInbound(payload({ type: 'button', button: { text: 'Yes', payload: 'YES' } })),
    ).toMatchObject({ text: 'Yes' });
    expect(
      messageToInbound(
        payload({
          type: 'location',
          location: { latitude: 55.75, longitude: 37.62, name: 'Office' },
        }),
      ),
    ).toMatchObject({ text: 'Office\nhttps://maps.google.com/?q=55.75,37.62' });
  });

  it('skips what the inbox cannot carry, with the reason, and a malformed payload', () => {
    expect(
      messageToInbound(payload({ type: 'reaction', reaction: { message_id: 'x', emoji: '👍' } })),
    ).toEqual({ kind: 'ignored', reason: 'not handled: a reaction message' });
    expect(messageToInbound({ message: { type: 'text' } })).toEqual({
      kind: 'ignored',
      reason: 'malformed message',
    });
  });
});
