import { describe, expect, it } from 'vitest';
import { messengerSession } from './messenger-session';

const HOUR = 3_600_000;
const wrote = Date.parse('2026-11-28T10:00:00.000Z');

describe('messengerSession', () => {
  it('is open for 24 hours from the customer’s last message, then closed', () => {
    expect(messengerSession('whatsapp', '2026-11-28T10:00:00.000Z', wrote + 5 * HOUR)).toEqual({
      kind: 'open',
      endsAt: wrote + 24 * HOUR,
      leftMs: 19 * HOUR,
    });
    expect(messengerSession('whatsapp', new Date(wrote), wrote + 24 * HOUR)).toEqual({
      kind: 'closed',
    });
  });

  it('is closed in a chat the customer never wrote in (staff started it)', () => {
    expect(messengerSession('whatsapp', null, wrote)).toEqual({ kind: 'closed' });
  });

  it('does not exist for channels without one', () => {
    expect(messengerSession('telegram', null, wrote)).toEqual({ kind: 'none' });
    expect(messengerSession('email', '2026-11-01T00:00:00.000Z', wrote)).toEqual({ kind: 'none' });
  });
});
