import { describe, expect, it } from 'vitest';
import { CAPTION_MAX, replyParts, splitText, TEXT_MAX } from './reply-parts';

const photo = { name: 'box.jpg', type: 'image/jpeg', bytes: Buffer.from('jpg') };
const pdf = { name: 'offer.pdf', type: 'application/pdf', bytes: Buffer.from('pdf') };
const gif = { name: 'anim.gif', type: 'image/gif', bytes: Buffer.from('gif') };

describe('the Bot API calls of a reply', () => {
  it('sends a text alone as one message', () => {
    expect(replyParts('Hello', [])).toEqual([{ kind: 'text', text: 'Hello' }]);
  });

  it('puts a short text on the first file as its caption, so the reply is one call', () => {
    expect(replyParts('Here it is', [photo, pdf])).toEqual([
      { kind: 'photo', file: photo, caption: 'Here it is' },
      { kind: 'document', file: pdf },
    ]);
  });

  it('sends images sendPhoto cannot take (a GIF) as documents', () => {
    expect(replyParts('', [gif])).toEqual([{ kind: 'document', file: gif }]);
  });

  it('sends a text too long for a caption first, then the files', () => {
    const text = 'a'.repeat(CAPTION_MAX + 1);
    expect(replyParts(text, [pdf])).toEqual([
      { kind: 'text', text },
      { kind: 'document', file: pdf },
    ]);
  });

  it('cuts a text over 4096 characters at line breaks, losing nothing but the break', () => {
    const line = 'word '.repeat(199) + 'end'; // 998 characters
    const text = Array.from({ length: 10 }, () => line).join('\n');
    const chunks = splitText(text);
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(TEXT_MAX);
    expect(chunks.join('\n')).toBe(text);
  });

  it('cuts a text with no breaks at the limit, never inside a surrogate pair', () => {
    const text = 'x'.repeat(TEXT_MAX - 1) + '😀' + 'y';
    const chunks = splitText(text);
    expect(chunks).toEqual(['x'.repeat(TEXT_MAX - 1), '😀y']);
  });
});
