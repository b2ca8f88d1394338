import type * as v from 'valibot';
import { ParsedLater, isSafeText } from './text';

/**
 * Rules every input keeps whatever its schema, applied where input is parsed (the server's
 * parseOrFail), so a new field or endpoint cannot forget them. Each is pure and reads the schema
 * only to know where it stands in the value.
 */

/** Where in an input a rule broke: keys and indexes from its root. */
export type InputPath = (string | number)[];

/** The parts of a valibot schema these rules read; any schema has some of them. */
type SchemaParts = {
  type: string;
  wrapped?: v.GenericSchema;
  entries?: Record<string, v.GenericSchema>;
  rest?: v.GenericSchema;
  item?: v.GenericSchema;
  items?: v.GenericSchema[];
  value?: v.GenericSchema;
  options?: v.GenericSchema[];
};

const parts = (schema: v.GenericSchema): SchemaParts => schema;

/** optional(), nullable() and their kin say nothing of the value's shape: look through them. */
const WRAPPERS = new Set([
  'optional',
  'exact_optional',
  'nullable',
  'nullish',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);

function unwrap(schema: v.GenericSchema): v.GenericSchema {
  let current = schema;
  for (let wrapped = parts(current).wrapped; WRAPPERS.has(parts(current).type) && wrapped;) {
    current = wrapped;
    wrapped = parts(current).wrapped;
  }
  return current;
}

const OBJECT_TYPES = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);
const isObjectSchema = (schema: v.GenericSchema) => {
  const type = parts(unwrap(schema)).type;
  return OBJECT_TYPES.has(type) || type === 'record';
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema of `key` inside a value of `schema`, or undefined when the schema does not tell
 * (a union, a transform's output, an unknown): the caller then treats the part with no exemption.
 */
function partSchema(schema: v.GenericSchema | undefined, key: string | number) {
  if (!schema) return undefined;
  const shape = parts(unwrap(schema));
  if (OBJECT_TYPES.has(shape.type))
    return typeof key === 'string' && shape.entries && Object.hasOwn(shape.entries, key)
      ? shape.entries[key]
      : shape.rest;
  if (shape.type === 'array') return shape.item;
  if (shape.type === 'tuple' && typeof key === 'number') return shape.items?.[key];
  if (shape.type === 'record') return shape.value;
  return undefined;
}

/**
 * Where an input holds a JSON array in place of an object its schema wants. valibot's object
 * schemas take an array as an object with no keys, so `[]` passed as a body of optional fields:
 * this rule refuses it wherever an object is expected, at the root or nested.
 */
export function arrayForObjectAt(schema: v.GenericSchema, input: unknown): InputPath | null {
  const walk = (
    part: v.GenericSchema | undefined,
    value: unknown,
    path: InputPath,
  ): InputPath | null => {
    if (!part || value === null || typeof value !== 'object') return null;
    const shape = parts(unwrap(part));
    if (Array.isArray(value)) {
      const wantsObject =
        isObjectSchema(part) ||
        ((shape.type === 'union' || shape.type === 'variant') &&
          (shape.options ?? []).every(isObjectSchema));
      if (wantsObject) return path;
    }
    const keys: (string | number)[] = Array.isArray(value)
      ? value.map((_item, index) => index)
      : Object.keys(value);
    for (const key of keys) {
      const found = walk(partSchema(part, key), (value as Record<string | number, unknown>)[key], [
        ...path,
        key,
      ]);
      if (found) return found;
    }
    return null;
  };
  return walk(schema, input, []);
}

/**
 * Where a parsed value holds text the text rule refuses (src/protocol/text.ts): every string, keys
 * included, except under `ParsedLater`, which its own parse checks.
 */
export function unsafeTextAt(schema: v.GenericSchema, value: unknown): InputPath | null {
  const walk = (
    part: v.GenericSchema | undefined,
    item: unknown,
    path: InputPath,
  ): InputPath | null => {
    if (part === ParsedLater) return null;
    if (typeof item === 'string') return isSafeText(item) ? null : path;
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        const found = walk(partSchema(part, index), item[index], [...path, index]);
        if (found) return found;
      }
    } else if (isPlainObject(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (!isSafeText(key)) return [...path, key]; // a key is text too (records, loose objects)
        const found = walk(partSchema(part, key), entry, [...path, key]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(schema, value, []);
}
