import * as v from 'valibot';
import { ERROR_TEXTS, type ErrorName, type ErrorParams } from '../../src/protocol';
import { fail } from './domain-error';

/** Whether a schema's issue message is one of the protocol's error names (own keys only). */
export const isErrorName = (message: string): message is ErrorName =>
  Object.hasOwn(ERROR_TEXTS, message);

/**
 * Parses input with a protocol schema or fails with a named error: the schema's own error name
 * when its rule carries one (e.g. INVALID_PASSWORD_FORMAT), otherwise VALIDATION_FAILED naming
 * the field. Either way `field` names where the input broke it.
 */
export function parseOrFail<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  if (isErrorName(issue.message)) {
    const params: ErrorParams = field ? { field } : {};
    // A text naming the limit it enforces ("max {max}") takes it from the rule that failed.
    if (ERROR_TEXTS[issue.message].en.includes('{max}') && typeof issue.requirement === 'number')
      params.max = issue.requirement;
    fail(issue.message, params);
  }
  fail('VALIDATION_FAILED', { field: field || 'body' });
}
