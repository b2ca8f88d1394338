import { describe, expect, it } from 'vitest';
import { partMessage, replyParts } from './reply-parts';

const file = (type: string, size = 10, name = 'f') => ({ name, type, bytes: Buffer.alloc(size) });

describe('WhatsApp reply parts', () => {
  it('puts a short text as the first file’s caption: one message, never half a reply', () => {
    const parts = replyParts(' Here ', [file('image/png'), file('application/pdf')]);
    expect(parts.map((part) => [part.kind, 'caption' in part ? part.caption : undefined])).toEqual([
      ['image', 'Here'],
      ['document', undefined],
    ]);
  });

  it('sends the text first when it is too long for a caption or the file is a voice note', () => {
    expect(replyParts('x'.repeat(1025), [file('image/jpeg')]).map((part) => part.kind)).toEqual([
      'text',
      'image',
    ]);
    expect(replyParts('Listen', [file('audio/ogg')]).map((part) => part.kind)).toEqual([
      'text',
      'audio',
    ]);
  });

  it('cuts a text over 4096 characters, and sends an image too large for a photo as a document', () => {
    expect(replyParts('word '.repeat(1000), []).map((part) => part.kind)).toEqual(['text', 'text']);
    expect(replyParts('', [file('image/jpeg', 6 * 1024 * 1024)])[0]?.kind).toBe('document');
    expect(replyParts('  ', [])).toEqual([]);
  });

  it('builds the Cloud API’s message objects', () => {
    const [text] = replyParts('Hi', []);
    if (!text) throw new Error('no part');
    expect(partMessage(text, '79161234567', undefined)).toEqual({
      to: '79161234567',
      type: 'text',
      text: { body: 'Hi', preview_url: false },
    });
    const [document] = replyParts('Invoice', [file('application/pdf', 5, 'invoice.pdf')]);
    if (!document) throw new Error('no part');
    expect(partMessage(document, '79161234567', 'media-1')).toEqual({
      to: '79161234567',
      type: 'document',
      document: { id: 'media-1', caption: 'Invoice', filename: 'invoice.pdf' },
    });
  });

  it('offers answers on the text’s last message: up to three as reply buttons, more as a list', () => {
    const few = replyParts('Which one?', [], ['Prices', 'Delivery']);
    expect(few).toEqual([{ kind: 'choice', text: 'Which one?', buttons: ['Prices', 'Delivery'] }]);
    expect(partMessage(few[0] ?? { kind: 'text', text: '' }, '7916', undefined)).toEqual({
      to: '7916',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Which one?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'answer-1', title: 'Prices' } },
            { type: 'reply', reply: { id: 'answer-2', title: 'Delivery' } },
          ],
        },
      },
    });
    const many = replyParts('Pick a topic', [], ['A', 'B', 'C', 'D']);
    expect(partMessage(many[0] ?? { kind: 'text', text: '' }, '7916', undefined)).toMatchObject({
      interactive: {
        type: 'list',
        action: {
          sections: [{ rows: [{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }] }],
        },
      },
    });
    // A body longer than an interactive message takes goes first as text; the answers stay last.
    const long = replyParts('y'.repeat(1500), [file('application/pdf')], ['OK']);
    expect(long.map((part) => [part.kind, 'text' in part ? part.text.length : 0])).toEqual([
      ['text', 1024],
      ['choice', 476],
      ['document', 0],
    ]);
  });
});
