import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { arrayForObjectAt, unsafeTextAt } from './input-rules';
import { CommandsBody, AccountUpdateBody } from './api';
import { ParsedLater } from './text';

describe('an object is never a JSON array', () => {
  const Body = v.object({
    name: v.optional(v.string()),
    client: v.optional(v.object({ name: v.optional(v.string()) })),
    tags: v.optional(v.array(v.string())),
    to: v.optional(v.union([v.object({ a: v.string() }), v.object({ b: v.string() })])),
  });

  it.each([
    ['an object', { name: 'x' }, null],
    ['an array at the root', [], []],
    ['an array for a nested object', { client: ['x'] }, ['client']],
    ['an array where a list belongs', { tags: ['a', 'b'] }, null],
    ['an array for a union of objects', { to: [] }, ['to']],
    ['an array for an optional object of a pipe', [{}], []],
  ])('%s', (_name, input, path) => {
    expect(arrayForObjectAt(Body, input)).toEqual(path);
  });

  it('catches the account update body that took [] (issue #16, class 7)', () => {
    expect(v.safeParse(AccountUpdateBody, []).success).toBe(true); // why the rule exists
    expect(arrayForObjectAt(AccountUpdateBody, [])).toEqual([]);
  });

  it('looks inside lists of objects', () => {
    const input = { commands: [{ id: 'x', type: 't', payload: {} }, []] };
    expect(arrayForObjectAt(CommandsBody, input)).toEqual(['commands', 1]);
  });
});

describe('every text of a parsed value keeps the text rule', () => {
  it('finds a refused character in a value, a list item or a key, with its path', () => {
    const Schema = v.object({
      a: v.object({ b: v.array(v.string()) }),
      c: v.record(v.string(), v.string()),
    });
    expect(unsafeTextAt(Schema, { a: { b: ['ok', 'no\u0000'] }, c: {} })).toEqual(['a', 'b', 1]);
    expect(unsafeTextAt(Schema, { a: { b: [] }, c: { 'k\ud800': 'v' } })).toEqual(['c', 'k\ud800']);
    expect(unsafeTextAt(Schema, { a: { b: ['fine\n'] }, c: { k: 'v' } })).toBeNull();
  });

  it('checks what a schema cannot describe (a union, an unknown) in full', () => {
    const Schema = v.object({ any: v.unknown(), either: v.union([v.string(), v.number()]) });
    expect(unsafeTextAt(Schema, { any: { deep: ['\u0007'] }, either: 1 })).toEqual([
      'any',
      'deep',
      0,
    ]);
    expect(unsafeTextAt(Schema, { any: null, either: '\u0000' })).toEqual(['either']);
  });

  it('leaves a command payload to the parse of its own type, so one command is refused, not the batch', () => {
    const batch = {
      commands: [
        { id: 'a', type: 'message.send', payload: { text: 'bad\u0000' } },
        { id: 'b\u0000', type: 'message.send', payload: {} },
      ],
    };
    expect(unsafeTextAt(CommandsBody, batch)).toEqual(['commands', 1, 'id']);
    expect(unsafeTextAt(v.object({ later: ParsedLater }), { later: '\u0000' })).toBeNull();
    expect(unsafeTextAt(v.object({ now: v.unknown() }), { now: '\u0000' })).toEqual(['now']);
  });
});
