import * as v from 'valibot';
import {
  ERROR_TEXTS,
  arrayForObjectAt,
  makeTextSafe,
  unsafeTextAt,
  type ErrorName,
  type ErrorParams,
  type InputPath,
} from '../../../src/protocol';
import { DomainError, fail } from './domain-error';

/** Whether a schema's issue message is one of the protocol's error names (own keys only). */
export const isErrorName = (message: string): message is ErrorName =>
  Object.hasOwn(ERROR_TEXTS, message);

/** Longest field name told back: a path is named, not echoed whole. */
const FIELD_NAME_MAX = 200;

/**
 * A path as the error's `field` ('' at the root). Keys come from the input, so they are made to
 * keep the text rule and cut short before they go back in an answer.
 */
const fieldName = (path: readonly { key: unknown }[] | InputPath | undefined): string =>
  makeTextSafe(
    (path ?? [])
      .map((item) => String(typeof item === 'object' ? item.key : item))
      .join('.')
      .slice(0, FIELD_NAME_MAX),
  );

/**
 * Parses input with a protocol schema or fails with a named error, and nothing else reads input
 * (a live socket, which cannot answer an error, reads it through `inputOk` below): so the rules
 * every input keeps hold here, for every endpoint and command at once —
 * - an object is never a JSON array (VALIDATION_FAILED naming where);
 * - the schema itself: its rule's own error name when it carries one (e.g.
 *   INVALID_PASSWORD_FORMAT), otherwise VALIDATION_FAILED naming the field;
 * - every text of the parsed value keeps the text rule (INVALID_CHARACTERS naming the field),
 *   since PostgreSQL refuses U+0000 and broken UTF-16 deep in a write (src/protocol/text.ts).
 */
export function parseOrFail<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const arrayAt = arrayForObjectAt(schema, input);
  if (arrayAt) fail('VALIDATION_FAILED', { field: fieldName(arrayAt) || 'body' });
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const issue = result.issues[0];
    const field = fieldName(issue.path);
    if (isErrorName(issue.message)) {
      const params: ErrorParams = field ? { field } : {};
      // A text naming the limit it enforces ("max {max}") takes it from the rule that failed.
      if (ERROR_TEXTS[issue.message].en.includes('{max}') && typeof issue.requirement === 'number')
        params.max = issue.requirement;
      fail(issue.message, params);
    }
    fail('VALIDATION_FAILED', { field: field || 'body' });
  }
  const textAt = unsafeTextAt(schema, result.output);
  if (textAt) fail('INVALID_CHARACTERS', { field: fieldName(textAt) || 'body' });
  return result.output;
}

/**
 * parseOrFail for a caller that cannot answer with an error (a live socket closes instead): the
 * parsed value, or undefined when the input breaks the schema or a rule of every input.
 */
export function inputOk<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> | undefined {
  try {
    return parseOrFail(schema, input);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}
