import { describe, expect, it } from 'vitest';
import type { LocalMessage } from './tables';
import { SentEchoes, withEchoes } from './sent-echoes';

const message = (id: string, createdAt: string, chatId = 'c1'): LocalMessage => ({
  id,
  chatId,
  authorKind: 'operator',
  authorId: 'u1',
  text: id,
  internal: false,
  status: 'queued',
  createdAt,
  attachments: [],
});

describe('sent echoes', () => {
  it('shows a sent message before the stored thread holds it, and once after', () => {
    const stored = [message('a', '2026-01-01T10:00:00.000Z')];
    const echo = message('b', '2026-01-01T10:01:00.000Z');
    expect(withEchoes(stored, [echo]).map((m) => m.id)).toEqual(['a', 'b']);
    expect(withEchoes([...stored, echo], [echo]).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('keeps time order when a customer message lands between', () => {
    const echo = message('mine', '2026-01-01T10:01:00.000Z');
    const stored = [
      message('a', '2026-01-01T10:00:00.000Z'),
      message('later', '2026-01-01T10:02:00.000Z'),
    ];
    expect(withEchoes(stored, [echo]).map((m) => m.id)).toEqual(['a', 'mine', 'later']);
  });

  it('forgets echoes the store holds, and those whose write failed; tells listeners', () => {
    const echoes = new SentEchoes();
    let heard = 0;
    echoes.subscribe(() => heard++);
    echoes.add(message('a', '2026-01-01T10:00:00.000Z'));
    echoes.add(message('b', '2026-01-01T10:01:00.000Z'));
    echoes.add(message('x', '2026-01-01T10:01:00.000Z', 'c2'));
    const before = echoes.of('c1');
    expect(echoes.of('c1')).toBe(before); // stable while unchanged
    echoes.settle('c1', [message('a', '2026-01-01T10:00:00.000Z')]);
    expect(echoes.of('c1').map((m) => m.id)).toEqual(['b']);
    echoes.drop('c1', 'b');
    expect(echoes.of('c1')).toEqual([]);
    expect(echoes.of('c2').map((m) => m.id)).toEqual(['x']);
    expect(heard).toBe(5);
  });
});
