import { describe, expect, it } from 'vitest';
import { canonicalJson, commandFingerprint } from './command-fingerprint';

describe('command fingerprint', () => {
  it('is the same for the same payload whatever the order of its keys', () => {
    expect(commandFingerprint('message.send', { chatId: 'a', text: 'hi', attachments: [] })).toBe(
      commandFingerprint('message.send', { attachments: [], text: 'hi', chatId: 'a' }),
    );
    expect(canonicalJson({ b: { d: 1, c: [2, { f: 3, e: 4 }] }, a: null })).toBe(
      '{"a":null,"b":{"c":[2,{"e":4,"f":3}],"d":1}}',
    );
  });

  it('differs when the text, the type or the order of a list differs', () => {
    const base = commandFingerprint('message.send', { chatId: 'a', text: 'hi' });
    expect(commandFingerprint('message.send', { chatId: 'a', text: 'hi!' })).not.toBe(base);
    expect(commandFingerprint('note.add', { chatId: 'a', text: 'hi' })).not.toBe(base);
    expect(commandFingerprint('x', { ids: [1, 2] })).not.toBe(
      commandFingerprint('x', { ids: [2, 1] }),
    );
  });
});
