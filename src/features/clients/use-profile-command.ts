import { useCallback, useRef } from 'react';
import type { NewCommand } from '../../store';
import { useCommandSubmit, type CommandOutcome } from '../../store/hooks';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n, type MessageKey } from '../../ui/i18n';
import { useToast } from '../../ui/Toasts';
import type { ProfileProblem } from './profile-checks';

export type ProfileCommand = {
  outcome: CommandOutcome;
  /** Sends the command; `saved` is the toast shown when the server accepts it (spec §9). */
  send: (command: NewCommand, saved?: MessageKey) => Promise<void>;
  /** The server's refusal of the last command in words, shown at its field; null otherwise. */
  refusal: string | null;
  /** The user moved on (typed again, closed the form): the refusal is dropped. */
  dismiss: () => Promise<void>;
};

/**
 * One part of the profile sending its commands through the outbox (useCommandSubmit): the change
 * shows at once by its prediction, offline too; the success toast follows the server's acceptance,
 * and a refusal is the translated error at the part's field.
 */
export function useProfileCommand(): ProfileCommand {
  const i18n = useI18n();
  const toast = useToast();
  const pendingToast = useRef<MessageKey | undefined>(undefined);
  const { outcome, submit, abandon } = useCommandSubmit(() => {
    if (pendingToast.current) toast(i18n.t(pendingToast.current));
  });
  const send = useCallback(
    async (command: NewCommand, saved?: MessageKey) => {
      pendingToast.current = saved;
      await submit(command);
    },
    [submit],
  );
  const refusal =
    outcome.state === 'rejected'
      ? i18n.error(outcome.error?.name ?? 'UNKNOWN_ERROR', outcome.error?.params)
      : null;
  return { outcome, send, refusal, dismiss: abandon };
}

/** A problem found before sending, in the user's language (the tag rule is the profile's own). */
export function useProblemText(): (problem: ProfileProblem) => string {
  const i18n = useI18n();
  return (problem) =>
    problem.kind === 'tagFormat' ? i18n.t('clients.tags.format') : problemText(problem, i18n);
}
