import { describe, expect, it } from 'vitest';
import { randomIdOf, vkKeyboard, vkParts, VK_TEXT_MAX } from './reply-parts';

const file = (name: string, type = 'image/png') => ({ name, type, bytes: Buffer.from(name) });

describe('a reply as VK messages', () => {
  it('cuts a long text at 4096 characters and puts the files on the last piece, ten a message', () => {
    const files = Array.from({ length: 12 }, (_, index) => file(`f${String(index)}.png`));
    const parts = vkParts('a'.repeat(VK_TEXT_MAX + 10), files);
    expect(parts.map((part) => [part.index, part.text.length, part.files.length])).toEqual([
      [0, VK_TEXT_MAX, 0],
      [1, 10, 10],
      [2, 0, 2],
    ]);
    expect(vkParts('', [file('only.png')])).toEqual([
      { index: 0, text: '', files: [file('only.png')] },
    ]);
  });

  it('derives the same non-zero 32-bit random_id for a part on every try, another for another part', () => {
    const id = randomIdOf('3f1c2a9e-0000-4000-8000-000000000001', 0);
    expect(randomIdOf('3f1c2a9e-0000-4000-8000-000000000001', 0)).toBe(id);
    expect(randomIdOf('3f1c2a9e-0000-4000-8000-000000000001', 1)).not.toBe(id);
    expect(Number.isInteger(id) && id !== 0 && id >= -(2 ** 31) && id < 2 ** 31).toBe(true);
  });

  it('offers the answers as a one-time keyboard, one a row, labels within 40 characters', () => {
    const keyboard = JSON.parse(vkKeyboard(['Repair', 'x'.repeat(50)])) as {
      one_time: boolean;
      buttons: { action: { type: string; label: string } }[][];
    };
    expect(keyboard.one_time).toBe(true);
    expect(keyboard.buttons.map((row) => row.map((button) => button.action.label.length))).toEqual([
      [6],
      [40],
    ]);
    expect(keyboard.buttons[0]?.[0]?.action.type).toBe('text');
  });
});
