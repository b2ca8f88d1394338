import { describe, expect, it } from 'vitest';
import { LIMITS, type CommandEnvelope } from '../protocol';
import {
  BATCH_LIMITS,
  commandsBody,
  cutBatch,
  grown,
  sortFailedAnswer,
  stepAfter,
  utf8Bytes,
  type BatchAnswer,
  type BatchLimits,
  type BatchStep,
} from './command-batch';

const reply = (n: number, text: string): CommandEnvelope => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  type: 'message.send',
  payload: { chatId: '00000000-0000-7000-8000-0000000000c1', text },
});
const replies = (count: number, text: (n: number) => string) =>
  Array.from({ length: count }, (_, n) => reply(n, text(n)));
const cut = (commands: CommandEnvelope[], limits: BatchLimits) => {
  const result = cutBatch(commands, limits);
  if (result.kind !== 'batch') throw new Error('expected a batch');
  return result.commands;
};

describe('cutting the outbox into requests', () => {
  it('the limits are the protocol’s: the server’s body limit, and no more commands than it takes', () => {
    expect(BATCH_LIMITS.maxBytes).toBe(LIMITS.requestBodyMaxBytes);
    expect(BATCH_LIMITS.maxCount).toBeLessThanOrEqual(LIMITS.commandBatchMax);
  });

  it('takes the oldest commands up to the count limit, in creation order', () => {
    const queue = replies(250, (n) => `reply ${n}`);
    const batch = cut(queue, BATCH_LIMITS);
    expect(batch).toEqual(queue.slice(0, BATCH_LIMITS.maxCount));
  });

  // 10,000 characters are 10 KB of Latin, 20 KB of Cyrillic, 30 KB of CJK, 20 KB of emoji (two
  // UTF-16 units each), and 60 KB of control characters, which JSON escapes as \u0001.
  it.each([
    ['Latin', 'a', 206],
    ['Cyrillic', 'ж', 104],
    ['CJK', '語', 69],
    ['emoji', '😀', 104],
    ['control characters', '\u0001', 34],
  ])(
    'cuts 10,000-character replies in %s to the body limit, measured in UTF-8 bytes as sent',
    (_script, char, expected) => {
      const queue = replies(250, () => char.repeat(10_000 / char.length));
      const limits = { maxCount: 500, maxBytes: LIMITS.requestBodyMaxBytes };
      const batch = cut(queue, limits);
      expect(batch.length).toBe(Math.min(expected, 250));
      expect(batch).toEqual(queue.slice(0, batch.length));
      const bytes = utf8Bytes(commandsBody(batch));
      expect(bytes).toBeLessThanOrEqual(LIMITS.requestBodyMaxBytes);
      // The next command would not have fitted: the cut is as large as the limit allows.
      if (batch.length < queue.length)
        expect(utf8Bytes(commandsBody(queue.slice(0, batch.length + 1)))).toBeGreaterThan(
          LIMITS.requestBodyMaxBytes,
        );
    },
  );

  it('fills a body to the byte exactly', () => {
    const queue = replies(3, () => 'x'.repeat(100));
    const exact = utf8Bytes(commandsBody(queue));
    expect(cut(queue, { maxCount: 10, maxBytes: exact })).toHaveLength(3);
    expect(cut(queue, { maxCount: 10, maxBytes: exact - 1 })).toHaveLength(2);
  });

  it('a command alone over the limit is told apart, whatever comes after it', () => {
    const queue = [reply(0, 'x'.repeat(2_000)), reply(1, 'short')];
    expect(cutBatch(queue, { maxCount: 10, maxBytes: 1_000 })).toEqual({
      kind: 'tooLarge',
      command: queue[0],
    });
    // Behind a command that fits, it waits for the next request, where it is first.
    expect(cut([reply(2, 'short'), ...queue], { maxCount: 10, maxBytes: 1_000 })).toHaveLength(1);
  });
});

describe('what an answer that is not 200 says', () => {
  const named = (name: string) => ({ code: 'error', error: { name, params: {}, message: name } });
  const withField = (field: string) => ({
    code: 'error',
    error: {
      name: 'VALIDATION_FAILED' as const,
      params: { field },
      message: 'Incorrect value entered',
    },
  });
  it.each<[string, number, unknown, BatchAnswer | null]>([
    [
      'our 413: too large, by name',
      413,
      named('PAYLOAD_TOO_LARGE'),
      {
        kind: 'refused',
        error: { name: 'PAYLOAD_TOO_LARGE', params: {}, message: 'PAYLOAD_TOO_LARGE' },
      },
    ],
    [
      'a proxy’s 413 page: too large all the same',
      413,
      null,
      { kind: 'refused', error: { name: 'PAYLOAD_TOO_LARGE' } },
    ],
    [
      'our 400 naming a command: the request refused by name',
      400,
      withField('commands.3.id'),
      { kind: 'refused', error: withField('commands.3.id').error },
    ],
    [
      'our 400 about the body as a whole: not a word about any command',
      400,
      withField('body'),
      null,
    ],
    ['a 400 page that is not ours: no answer', 400, null, null],
    [
      'our 500: the server was there and failed',
      500,
      named('UNKNOWN_ERROR'),
      { kind: 'failed', error: { name: 'UNKNOWN_ERROR', params: {}, message: 'UNKNOWN_ERROR' } },
    ],
    ['a 500 page that is not ours: no answer', 500, null, null],
    ['a proxy’s 502', 502, null, null],
    ['a restarting server’s 503, even in our shape', 503, named('UNKNOWN_ERROR'), null],
    ['a proxy’s 504', 504, 'Gateway Timeout', null],
    ['too many requests: wait', 429, named('TOO_MANY_REQUESTS'), null],
    ['access denied: not about the commands', 403, named('ACCESS_DENIED'), null],
  ])('%s', (_what, status, body, expected) => {
    expect(sortFailedAnswer(status, body)).toEqual(expected);
  });
});

describe('the step after an answer', () => {
  const error = { name: 'PAYLOAD_TOO_LARGE' } as const;
  const failure = { name: 'UNKNOWN_ERROR' } as const;
  it.each<[string, number, BatchAnswer, BatchStep]>([
    ['results are recorded', 3, { kind: 'results', results: [] }, { kind: 'record', results: [] }],
    [
      'a refused batch splits at once',
      100,
      { kind: 'refused', error },
      { kind: 'split', size: 50 },
    ],
    ['an odd one rounds up', 3, { kind: 'refused', error }, { kind: 'split', size: 2 }],
    [
      'a refused single command is refused',
      1,
      { kind: 'refused', error },
      { kind: 'refuse', error },
    ],
    [
      'a batch the server failed on waits, smaller',
      80,
      { kind: 'failed', error: failure },
      { kind: 'wait', size: 40 },
    ],
    [
      'a single command the server failed on is set aside',
      1,
      { kind: 'failed', error: failure },
      { kind: 'setAside', error: failure },
    ],
  ])('%s', (_what, size, answer, expected) => {
    expect(stepAfter(size, answer)).toEqual(expected);
  });

  it('a request size that shrank grows back to the limit after good answers', () => {
    const sizes = [1];
    while (sizes.length < 10) sizes.push(grown(sizes.at(-1) ?? 1));
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, 64, 100, 100, 100]);
  });
});
