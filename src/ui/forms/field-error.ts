import { ERROR_TEXTS, type ErrorName } from '../../protocol';
import type { Translator } from '../i18n';

/** An error as TanStack Form holds it: a Standard Schema issue, or a string from a field validator. */
type FieldError = { message: string } | string | undefined | null;

const isErrorName = (message: string): message is ErrorName => Object.hasOwn(ERROR_TEXTS, message);

/**
 * The text to show under a field. An empty value is "required"; a protocol schema's message is an
 * error name (e.g. INVALID_EMAIL_FORMAT) and is translated; any other failure is the generic text.
 */
export function fieldErrorText(
  errors: readonly FieldError[],
  value: string,
  i18n: Pick<Translator, 't' | 'error'>,
): string | undefined {
  const first = errors.find(Boolean);
  if (!first) return undefined;
  if (value.trim() === '') return i18n.t('form.required');
  const message = typeof first === 'string' ? first : first.message;
  return isErrorName(message) ? i18n.error(message) : i18n.t('form.invalid');
}
