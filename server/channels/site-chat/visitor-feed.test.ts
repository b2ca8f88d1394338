import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/protocol';
import { visitorMessage } from './visitor-feed';

const message = (over: Partial<Message>): Message => ({
  id: '01a20000-0000-7000-8000-000000000001',
  chatId: '01a20000-0000-7000-8000-000000000002',
  authorKind: 'bot',
  authorId: null,
  text: 'How was our service?',
  internal: false,
  status: 'sent',
  attachments: [],
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('what a customer sees of a message', () => {
  it('carries the answers an auto-reply offers as buttons', () => {
    expect(visitorMessage(message({ buttons: ['1', '2', '3', '4', '5'] }))).toMatchObject({
      from: 'bot',
      buttons: ['1', '2', '3', '4', '5'],
    });
  });

  it('offers no buttons for a message without any, and never names the staff author', () => {
    const seen = visitorMessage(
      message({
        authorKind: 'operator',
        authorId: '01a20000-0000-7000-8000-000000000003',
        buttons: [],
      }),
    );
    expect(seen).not.toHaveProperty('buttons');
    expect(JSON.stringify(seen)).not.toContain('000000000003');
    expect(seen.from).toBe('operator');
  });
});
