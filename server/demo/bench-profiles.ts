import { v5 as uuidv5 } from 'uuid';
import type { ClientField } from '../../src/protocol/entities/client';
import type { StatusColour } from '../../src/protocol/entities/client-status';

/** What a drawn profile needs of the generator (bench-organization.ts's SeededRandom). */
export type ProfileRandom = {
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** Tags a support team puts on customers: each profile carries 0–3 of them. */
export const BENCH_TAGS = [
  'VIP',
  'Wholesale',
  'Returning',
  'New lead',
  'Complaint',
  'B2B',
  'Newsletter',
  'Delivery issue',
  'Discount',
  'Loyalty card',
  'Corporate',
  'Urgent',
] as const;

/** The organization's own statuses; about 15 % of the customers stand in one of them. */
export const BENCH_STATUSES: readonly { name: string; colour: StatusColour }[] = [
  { name: 'Key account', colour: 'violet' },
  { name: 'Awaiting payment', colour: 'amber' },
  { name: 'Partner', colour: 'teal' },
  { name: 'Do not call', colour: 'red' },
];
const CUSTOM_STATUS_SHARE = 0.15;

const CITIES = ['Moscow', 'Saint Petersburg', 'Minsk', 'Kazan', 'Novosibirsk', 'Yekaterinburg'];
const CHANNELS_HEARD = ['Search', 'A friend', 'Instagram', 'Exhibition', 'Newsletter'];

/** Additional fields (name, value) a profile may carry, each drawn on demand. */
const FIELDS: readonly { name: string; value: (rng: ProfileRandom) => string }[] = [
  { name: 'Contract', value: (rng) => `C-${rng.int(2019, 2026)}-${rng.int(100, 9999)}` },
  { name: 'City', value: (rng) => rng.pick(CITIES) },
  { name: 'Customer since', value: (rng) => String(rng.int(2015, 2026)) },
  { name: 'Heard of us from', value: (rng) => rng.pick(CHANNELS_HEARD) },
];

/**
 * A status's id, named from the organization's id and the status's name rather than drawn, so
 * adding the statuses leaves every id the generator draws as it was.
 */
export const benchStatusId = (orgId: string, name: string): string =>
  uuidv5(`client-status:${name}`, orgId);

/** A client's phone or e-mail contact id, named from the client's id like its channel identity. */
export const benchContactId = (clientId: string, kind: 'phone' | 'email'): string =>
  uuidv5(kind, clientId);

/** Distinct picks of `count` items, in the order drawn. */
function distinct<T>(rng: ProfileRandom, items: readonly T[], count: number): T[] {
  const left = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && left.length > 0; i++) {
    const item = rng.pick(left);
    picked.push(item);
    left.splice(left.indexOf(item), 1);
  }
  return picked;
}

/**
 * A customer's tags (0–3), additional fields (0–2, distinct names) and, for about 15 %, one of
 * the organization's statuses (its id) instead of `status`. Drawn from a generator of its own, so
 * the profiles can change without moving anything else the organization's generator draws.
 */
export function benchProfile(
  rng: ProfileRandom,
  statusIds: readonly string[],
  status: string,
): { tags: string[]; fields: ClientField[]; status: string } {
  const tags = distinct(rng, BENCH_TAGS, rng.int(0, 3));
  const fields = distinct(rng, FIELDS, rng.int(0, 2)).map((field) => ({
    name: field.name,
    value: field.value(rng),
  }));
  const custom = statusIds.length > 0 && rng.chance(CUSTOM_STATUS_SHARE);
  return { tags, fields, status: custom ? rng.pick(statusIds) : status };
}
