import fc from 'fast-check';
import * as v from 'valibot';
import { newId } from '../../src/protocol';

/**
 * fast-check arbitraries read off the protocol's valibot schemas, so a new command, body or field
 * is covered without editing a test. Each value is mostly plausible (what the schema accepts,
 * ids drawn from real rows) with hostile leaves mixed in at every level: control characters,
 * lone surrogates, huge strings, wrong types, arrays for objects, nested junk, numbers no column
 * holds, and another organization's or fresh ids.
 */

/** Ids the generated values use: real rows of the organization, another's, and none at all. */
export type IdPools = {
  /**
   * Ids of rows whose table fits a field's name (chatId: chats), the organization's own, the
   * likeliest to be usable first.
   */
  own: (field: string) => readonly string[];
  /** Ids of another organization's rows. */
  foreign: readonly string[];
  /** E-mails already taken and fresh ones. */
  emails: readonly string[];
};

/** Stands for a number JSON.stringify cannot write: `jsonText` turns it into 1e400 (Infinity). */
export const INFINITY_MARK = '__1e400__';

/** A body as it goes on the wire, with INFINITY_MARK written as an overflowing number. */
export const jsonText = (value: unknown): string =>
  JSON.stringify(value).replaceAll(`"${INFINITY_MARK}"`, '1e400');

/** Characters the text rule refuses, and some it keeps that trip careless code. */
const REFUSED = ['\u0000', '\u0001', '\u0007', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'];
const TRICKY_BUT_FINE = ['\t', '\r\n', '\u200d', '\u202e', '\ufeff', '\ufffe', '👩‍👩‍👧', 'Ё'];
const SQL_AND_LIKE = ["'", '"', '%', '_', '\\', "'; drop table users; --", '$1', '${x}', '*'];

const WORDS = fc.constantFrom(
  'Anna',
  'Support',
  'Где мой заказ?',
  'order #42',
  'a',
  'Ü',
  '😀',
  ' spaced ',
  'x'.repeat(40),
);

/** A string a person might type, within a length. */
const plausibleText = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(WORDS, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(' '))
    .map((text) => {
      const cut = text.slice(0, Math.max(max, 0));
      return cut.length >= min ? cut : cut.padEnd(min, 'a');
    });

/**
 * Text with a refused or tricky character put into plausible words; most often what PostgreSQL
 * itself refuses (U+0000, a lone surrogate), since that is what a missed rule turns into a 500.
 */
export const hostileText: fc.Arbitrary<string> = fc
  .tuple(
    plausibleText(0, 12),
    fc.oneof(
      { arbitrary: fc.constantFrom('\u0000', ...LONE_SURROGATES), weight: 4 },
      { arbitrary: fc.constantFrom(...REFUSED), weight: 1 },
      { arbitrary: fc.constantFrom(...TRICKY_BUT_FINE, ...SQL_AND_LIKE), weight: 2 },
    ),
    plausibleText(0, 12),
  )
  .map(([before, odd, after]) => `${before}${odd}${after}`);

const hugeText = fc.constantFrom(300, 70_000, 400_000).map((length) => 'й'.repeat(length));

/** Numbers that no integer column holds, fractions, signs, and JSON's overflow. */
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, INFINITY_MARK),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Anything JSON holds, a few levels deep. */
const junk = fc.jsonValue({ maxDepth: 3 });

/** Strings shaped like ids that are not ids, or ids nobody has. */
const badIds = fc.oneof(
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5',
    '{0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b}',
    '1',
  ),
  fc.uuid().map((id) => id.toUpperCase()),
);

type Parts = {
  type: string;
  pipe?: { type: string; requirement?: unknown }[];
  wrapped?: v.GenericSchema;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  items?: v.GenericSchema[];
  options?: unknown[];
  literal?: unknown;
  value?: v.GenericSchema;
};
const parts = (schema: v.GenericSchema): Parts => schema;

const OPTIONAL = new Set(['optional', 'exact_optional', 'undefinedable', 'nullish']);
const OBJECTS = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

const requirementOf = (schema: v.GenericSchema, action: string): unknown =>
  parts(schema).pipe?.find((item) => item.type === action)?.requirement;

const numberRequirement = (schema: v.GenericSchema, action: string): number | undefined => {
  const value = requirementOf(schema, action);
  return typeof value === 'number' ? value : undefined;
};

/** A string or number as its schema's actions describe it (ids from the pools). */
function scalarFor(
  schema: v.GenericSchema,
  field: string,
  pools: IdPools,
  mixed: boolean,
): fc.Arbitrary<unknown> {
  const shape = parts(schema);
  const actions = shape.pipe ?? [];
  if (shape.type === 'number') {
    const min = numberRequirement(schema, 'min_value') ?? -1000;
    const max = numberRequirement(schema, 'max_value') ?? 1000;
    const integer = actions.some((item) => item.type === 'integer');
    const range = { min: Math.max(min, -1e6), max: Math.min(max, 1e6) };
    return integer ? fc.integer(range) : fc.double({ ...range, noNaN: true });
  }
  if (actions.some((item) => item.type === 'uuid')) {
    const own = pools.own(field);
    // Plausible all the way down means the organization's first row of the kind (the pools put
    // the likeliest to be usable first); mixed adds its other rows, others' and fresh ids.
    if (!mixed && own[0] !== undefined) return fc.constant(own[0]);
    return fc.oneof(
      { arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.uuid(), weight: 4 },
      { arbitrary: fc.constantFrom(...pools.foreign), weight: 1 },
      { arbitrary: fc.constant(null).map(() => newId()), weight: 1 },
    );
  }
  if (actions.some((item) => item.type === 'email')) return fc.constantFrom(...pools.emails);
  if (actions.some((item) => item.type === 'iso_timestamp'))
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  const min = numberRequirement(schema, 'min_length') ?? 0;
  const max = Math.min(numberRequirement(schema, 'max_length') ?? 60, 60);
  const patterns = actions
    .filter((item) => item.type === 'regex')
    .map((item) => item.requirement as RegExp);
  if (patterns.length === 1 && patterns[0]) return fc.stringMatching(patterns[0]);
  if (patterns.length > 1)
    // Each pattern matched by a piece of its own: the pieces side by side match them all.
    return fc
      .tuple(...patterns.map((pattern) => fc.stringMatching(pattern, { size: 'xsmall' })))
      .map((pieces) => pieces.join('').padEnd(min, 'a'));
  return plausibleText(min, max);
}

/** Values tried, in order, when a generated scalar breaks a rule no generator reads (a check). */
const FALLBACKS = [0, 1, 24, 60, 999, 'a', 'Aa1!aaaa', 'Support team'];

/**
 * A scalar the schema accepts: generated from its actions and, when a custom check refuses it
 * (inactivity 0 or above 23, say), replaced by the first fallback the schema takes.
 */
function validScalar(
  schema: v.GenericSchema,
  field: string,
  pools: IdPools,
  mixed: boolean,
): fc.Arbitrary<unknown> {
  return scalarFor(schema, field, pools, mixed).map((value) =>
    v.is(schema, value) ? value : (FALLBACKS.find((fallback) => v.is(schema, fallback)) ?? value),
  );
}

/**
 * What the schema accepts, as well as a generator can tell. `mixed`: its parts may be hostile in
 * turn (valueFor), else they are plausible all the way down.
 */
function plausible(
  schema: v.GenericSchema,
  field: string,
  pools: IdPools,
  mixed: boolean,
): fc.Arbitrary<unknown> {
  const shape = parts(schema);
  const child = (inner: v.GenericSchema, name: string) =>
    mixed ? valueFor(inner, name, pools) : plausible(inner, name, pools, false);
  switch (shape.type) {
    case 'string':
    case 'number':
      return validScalar(schema, field, pools, mixed);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constant(shape.literal);
    case 'picklist':
      return fc.constantFrom(...(shape.options ?? [null]));
    case 'nullable':
      return shape.wrapped
        ? fc.oneof(fc.constant(null), child(shape.wrapped, field))
        : fc.constant(null);
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
    case 'nullish':
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish':
      return shape.wrapped ? plausible(shape.wrapped, field, pools, mixed) : junk;
    case 'array': {
      const max = Math.min(numberRequirement(schema, 'max_length') ?? 3, 3);
      return shape.item ? fc.array(child(shape.item, field), { maxLength: max }) : junk;
    }
    case 'tuple':
      return fc.tuple(...(shape.items ?? []).map((item, index) => child(item, `${field}${index}`)));
    case 'union':
    case 'variant':
      return fc.oneof(
        ...(shape.options as v.GenericSchema[]).map((option) =>
          plausible(option, field, pools, mixed),
        ),
      );
    case 'record':
      return fc.dictionary(
        fc.string({ maxLength: 8 }),
        shape.value ? child(shape.value, field) : junk,
        { maxKeys: 3 },
      );
    default:
      if (OBJECTS.has(shape.type)) return objectOf(shape.entries ?? {}, pools, mixed);
      return junk; // unknown, any, and kinds no protocol schema uses yet
  }
}

/**
 * A record of the entries, optional ones sometimes left out; with `requiredOnly`, always left
 * out (the plausible rest of a targeted case: each optional entry has cases of its own).
 */
function objectOf(
  entries: Record<string, v.GenericSchema>,
  pools: IdPools,
  mixed: boolean,
  requiredOnly = false,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    const optional = OPTIONAL.has(parts(entry).type);
    if (optional && requiredOnly) continue;
    model[key] = mixed ? valueFor(entry, key, pools) : plausible(entry, key, pools, false);
    if (!optional) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys });
}

/** Plausible words with one odd character put in. */
const textWith = (odd: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(plausibleText(0, 12), odd, plausibleText(0, 12))
    .map(([before, char, after]) => `${before}${char}${after}`);

/** A hostile kind of value, named so a failure says what was tried. */
export type HostileKind = { name: string; arbitrary: fc.Arbitrary<unknown> };

const wrongTypes = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  hostileNumber,
  junk,
);

/**
 * What a part of this kind should never be given, kind by kind. Text gets the characters
 * PostgreSQL refuses first, since a missed text rule turns exactly those into a 500.
 */
export function hostileKinds(schema: v.GenericSchema): HostileKind[] {
  let shape = parts(schema);
  while (shape.wrapped && !OBJECTS.has(shape.type) && shape.type !== 'array')
    shape = parts(shape.wrapped);
  if (shape.type === 'string')
    return [
      { name: 'text with U+0000', arbitrary: textWith(fc.constant('\u0000')) },
      {
        name: 'text with a lone surrogate',
        arbitrary: textWith(fc.constantFrom(...LONE_SURROGATES)),
      },
      { name: 'text with a control character', arbitrary: textWith(fc.constantFrom(...REFUSED)) },
      {
        name: 'odd text',
        arbitrary: fc.oneof(
          textWith(fc.constantFrom(...TRICKY_BUT_FINE, ...SQL_AND_LIKE)),
          hugeText,
          badIds,
          fc.constantFrom('', '   ', '\n'),
        ),
      },
      { name: 'not a string', arbitrary: wrongTypes },
    ];
  if (shape.type === 'number')
    return [
      {
        name: 'a number no integer column holds',
        arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, INFINITY_MARK),
      },
      { name: 'an odd number', arbitrary: hostileNumber },
      { name: 'not a number', arbitrary: fc.oneof(fc.constantFrom('1', '', '1e3'), wrongTypes) },
    ];
  if (OBJECTS.has(shape.type))
    return [
      { name: 'an array for an object', arbitrary: fc.array(junk, { maxLength: 2 }) },
      {
        name: 'not an object',
        arbitrary: fc.oneof(
          hostileText,
          wrongTypes,
          fc.dictionary(hostileText, junk, { maxKeys: 2 }),
        ),
      },
    ];
  if (shape.type === 'array')
    return [
      { name: 'not a list', arbitrary: fc.oneof(fc.constant({}), hostileText, wrongTypes) },
      {
        name: 'a list of junk, or too long',
        arbitrary: fc.oneof(
          fc.array(junk, { minLength: 1, maxLength: 3 }),
          fc.constant(null).map(() => Array.from({ length: 600 }, () => ({}))),
        ),
      },
    ];
  return [
    { name: 'text', arbitrary: hostileText },
    { name: 'another type', arbitrary: wrongTypes },
  ];
}

/** Any hostile kind for the part. */
const hostile = (schema: v.GenericSchema): fc.Arbitrary<unknown> =>
  fc.oneof(...hostileKinds(schema).map((kind) => kind.arbitrary));

/** Mixed values are plausible six times in seven, at every level of the value. */
const PLAUSIBLE_WEIGHT = 6;

/** A value for a schema at a field: plausible or hostile, recursively. */
export function valueFor(
  schema: v.GenericSchema,
  field: string,
  pools: IdPools,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausible(schema, field, pools, true), weight: PLAUSIBLE_WEIGHT },
    { arbitrary: hostile(schema), weight: 1 },
  );
}

/** Where a part sits in a value: object keys, and 0 for "an item of this list". */
export type PartPath = readonly (string | 0)[];

/** Looks through optional(), nullable() and their kin. */
function unwrapped(schema: v.GenericSchema): v.GenericSchema {
  let current = schema;
  for (let inner = parts(current).wrapped; inner; inner = parts(current).wrapped) current = inner;
  return current;
}

/** Every part a value of the schema holds: the root, each entry, each list's items, within. */
export function partPaths(schema: v.GenericSchema, at: PartPath = []): PartPath[] {
  const shape = parts(unwrapped(schema));
  const paths: PartPath[] = [at];
  if (OBJECTS.has(shape.type))
    for (const [key, entry] of Object.entries(shape.entries ?? {}))
      paths.push(...partPaths(entry, [...at, key]));
  if (shape.type === 'array' && shape.item) paths.push(...partPaths(shape.item, [...at, 0]));
  return paths;
}

/** A value plausible everywhere but at `path`, where it is of the hostile kind (never left out). */
export function hostileAt(
  schema: v.GenericSchema,
  path: PartPath,
  kind: fc.Arbitrary<unknown>,
  pools: IdPools,
  field = '',
): fc.Arbitrary<unknown> {
  const [head, ...rest] = path;
  const shape = parts(unwrapped(schema));
  if (head === undefined) return kind;
  if (OBJECTS.has(shape.type) && typeof head === 'string') {
    const entries = shape.entries ?? {};
    const others = Object.fromEntries(Object.entries(entries).filter(([key]) => key !== head));
    const target = entries[head];
    if (!target) return kind;
    return fc
      .tuple(objectOf(others, pools, false, true), hostileAt(target, rest, kind, pools, head))
      .map(([value, bad]) => ({ ...value, [head]: bad }));
  }
  if (shape.type === 'array' && shape.item) {
    const item = shape.item;
    return fc
      .tuple(
        fc.array(plausible(item, field, pools, false), { maxLength: 2 }),
        hostileAt(item, rest, kind, pools, field),
      )
      .map(([items, bad]) => [...items, bad]);
  }
  return kind;
}

/** The part a path leads to. */
function partAt(schema: v.GenericSchema, path: PartPath): v.GenericSchema {
  let current = schema;
  for (const step of path) {
    const shape = parts(unwrapped(current));
    const next = step === 0 ? shape.item : shape.entries?.[step];
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * One case per part of the schema and hostile kind fitting that part: every field of the schema
 * tried with every kind, the rest of the value plausible.
 */
export function hostileCases(
  schema: v.GenericSchema,
  pools: IdPools,
): { label: string; arbitrary: fc.Arbitrary<unknown> }[] {
  return partPaths(schema).flatMap((path) =>
    hostileKinds(partAt(schema, path)).map((kind) => ({
      label: `${path.join('.') || '(the whole value)'}: ${kind.name}`,
      arbitrary: hostileAt(schema, path, kind.arbitrary, pools, String(path.at(-1) ?? '')),
    })),
  );
}
/**
 * A body holding every field of several schemas at once, each plausible or hostile and each
 * sometimes left out: an endpoint reads the fields it knows and must refuse the rest sanely,
 * without the test knowing which schema the endpoint parses with.
 */
export function unionBody(
  schemas: readonly v.GenericSchema[],
  pools: IdPools,
): fc.Arbitrary<Record<string, unknown>> {
  const byKey = new Map<string, fc.Arbitrary<unknown>[]>();
  for (const schema of schemas) {
    let shape = parts(schema);
    while (shape.wrapped) shape = parts(shape.wrapped);
    for (const [key, entry] of Object.entries(shape.entries ?? {}))
      byKey.set(key, [...(byKey.get(key) ?? []), valueFor(entry, key, pools)]);
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, arbitraries] of byKey) model[key] = fc.oneof(...arbitraries);
  return fc.record(model, { requiredKeys: [] });
}
