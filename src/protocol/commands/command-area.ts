import type * as v from 'valibot';

/** A command's payload schema: the same one validates in the form, in the outbox and on the server. */
export type PayloadSchema = v.GenericSchema;

/**
 * One area's commands (chats, messages, people, distribution): each command type with its payload
 * schema, and which of those types a staff token may send. The others come only from channel
 * adapters or from a customer's one-time link, never from a signed-in user.
 */
export type CommandArea<
  Payloads extends Record<string, PayloadSchema>,
  Staff extends keyof Payloads & string = keyof Payloads & string,
> = {
  readonly payloads: Payloads;
  readonly staff: readonly Staff[];
};

/** Declares an area; its staff types are checked against its own command types. */
export const commandArea = <
  const Payloads extends Record<string, PayloadSchema>,
  const Staff extends keyof Payloads & string,
>(
  payloads: Payloads,
  staff: readonly Staff[],
): CommandArea<Payloads, Staff> => ({ payloads, staff });

type AnyCommandArea = CommandArea<Record<string, PayloadSchema>, string>;
type PayloadsOf<Area> = Area extends { readonly payloads: infer Payloads } ? Payloads : never;
type StaffOf<Area> = Area extends { readonly staff: readonly (infer Staff)[] } ? Staff : never;
// The usual idiom: a union of object types becomes the one object type holding all their keys.
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never;
/** Every area's payload map as one object type, spelled out so that editors show it whole. */
type CombinedPayloads<Areas extends readonly AnyCommandArea[]> =
  UnionToIntersection<PayloadsOf<Areas[number]>> extends infer All
    ? { readonly [Type in keyof All]: All[Type] }
    : never;

/**
 * The commands of every area in one map, and every area's staff types in one list. A command type
 * two areas declare throws here, when the protocol is first imported: the map would otherwise
 * keep one schema in silence, and a form could check a payload by another schema than the
 * server's (as Actual's handler registry refuses a name registered twice).
 */
export function combineCommandAreas<const Areas extends readonly AnyCommandArea[]>(
  areas: Areas,
): { payloads: CombinedPayloads<Areas>; staff: readonly StaffOf<Areas[number]>[] } {
  const payloads: Record<string, PayloadSchema> = {};
  const staff: string[] = [];
  for (const area of areas) {
    for (const [type, schema] of Object.entries(area.payloads)) {
      if (Object.hasOwn(payloads, type)) throw new Error(`Command type ${type} is declared twice`);
      payloads[type] = schema;
    }
    staff.push(...area.staff);
  }
  return {
    payloads: payloads as CombinedPayloads<Areas>,
    staff: staff as StaffOf<Areas[number]>[],
  };
}
