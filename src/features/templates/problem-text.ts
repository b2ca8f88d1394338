import { problemText } from '../../ui/forms/field-problems';
import type { Translator } from '../../ui/i18n';
import type { TemplateProblem } from './template-form';

/** A problem of the templates page's forms in the user's language. */
export function templateProblemText(
  problem: TemplateProblem,
  i18n: Pick<Translator, 't' | 'error'>,
): string {
  return problem.kind === 'ownTeamsOnly'
    ? i18n.t('templates.ownTeamsOnly')
    : problemText(problem, i18n);
}
