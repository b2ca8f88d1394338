import type { ApiError, ScenarioProblem } from '../../protocol';
import type { Translator } from '../../ui/i18n';

type I18n = Pick<Translator, 't' | 'error'>;

/** The fields a scenario problem may name, in words (VALIDATION_FAILED says "{field}"). */
const FIELD_KEYS = {
  link: 'chatbots.field.link',
  start: 'chatbots.field.start',
  end: 'chatbots.field.end',
  timeZone: 'chatbots.field.timeZone',
  next: 'chatbots.field.next',
} as const;

/**
 * A rule's problem, or the server's refusal of a save, in the user's language: the spec §8 text
 * of its name, with the field it names said as the editor labels it, not as the schema does.
 */
export function scenarioProblemText(
  problem: Pick<ScenarioProblem, 'name' | 'params'> | ApiError,
  i18n: I18n,
): string {
  const params: Record<string, string | number> = { ...problem.params };
  const field = params.field;
  if (typeof field === 'string' && field in FIELD_KEYS)
    params.field = i18n.t(FIELD_KEYS[field as keyof typeof FIELD_KEYS]);
  return i18n.error(problem.name, params);
}
