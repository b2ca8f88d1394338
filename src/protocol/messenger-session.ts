import { LIMITS } from './limits';

/**
 * Channel types with a messenger session (spec §4: "one messenger channel has a 24-hour session;
 * after it ends only registered templates may be sent"): WhatsApp opens a customer-care window
 * for 24 hours from each message the customer writes, and outside it takes only a registered
 * template.
 */
const SESSION_TYPES: ReadonlySet<string> = new Set(['whatsapp']);

export const hasMessengerSession = (channelType: string): boolean => SESSION_TYPES.has(channelType);

/**
 * Where a chat stands in its channel's session, from the customer's last message (the synced
 * chat's `lastClientMessageAt`): no session at all (other channels), open until `endsAt`, or
 * closed — never opened (a chat staff started) or more than 24 hours since the customer wrote.
 * Pure, so the server's refusal and the composer's countdown read the same rule.
 */
export type MessengerSession =
  { kind: 'none' } | { kind: 'open'; endsAt: number; leftMs: number } | { kind: 'closed' };

export function messengerSession(
  channelType: string,
  lastClientMessageAt: string | Date | null,
  now: number,
): MessengerSession {
  if (!hasMessengerSession(channelType)) return { kind: 'none' };
  if (lastClientMessageAt === null) return { kind: 'closed' };
  const wrote =
    lastClientMessageAt instanceof Date
      ? lastClientMessageAt.getTime()
      : Date.parse(lastClientMessageAt);
  if (Number.isNaN(wrote)) return { kind: 'closed' };
  const endsAt = wrote + LIMITS.messengerSessionHours * 3_600_000;
  return endsAt > now ? { kind: 'open', endsAt, leftMs: endsAt - now } : { kind: 'closed' };
}
