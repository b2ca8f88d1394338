import type { ReactNode } from 'react';
import type { ApiError } from '../protocol';
import { Dialog } from './Dialog';
import { useI18n } from './i18n';

/** A command sent through the outbox as a form follows it (useCommandSubmit of src/store). */
export type FollowedCommand<C> = {
  outcome:
    { state: 'idle' | 'waiting' | 'saved' } | { state: 'rejected'; error: ApiError | undefined };
  submit: (command: C) => Promise<void>;
  abandon: () => Promise<void>;
};

/**
 * Asks before a delete command and follows it: confirming sends `command` through `remove`, the
 * confirm button waits while it is on its way, and the server's refusal stays in the dialog in
 * words (the row, hidden a moment by the prediction, comes back); closing drops a refused command.
 * `testId` names the dialog (`-dialog`), its confirm button (`-confirm`) and the refusal (`-error`).
 */
export function ConfirmDeleteDialog<C>({
  title,
  confirmLabel,
  testId,
  remove,
  command,
  refusalText,
  blocked = false,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  testId: string;
  remove: FollowedCommand<C>;
  command: C;
  /** The server's refusal in the user's language. */
  refusalText: (error: ApiError | undefined) => string;
  /** The dialog already knows the delete would be refused, and says why in `children`. */
  blocked?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { outcome } = remove;
  const refused = outcome.state === 'rejected' ? refusalText(outcome.error) : null;
  return (
    <Dialog
      title={title}
      testId={`${testId}-dialog`}
      onClose={() => {
        void remove.abandon();
        onClose();
      }}
      confirm={{
        label: confirmLabel,
        testId: `${testId}-confirm`,
        disabled: blocked || outcome.state === 'waiting',
        onConfirm: () => {
          void remove.submit(command);
        },
      }}
    >
      {children}
      {refused ? (
        <p className="form-failure" role="alert" data-testid={`${testId}-error`}>
          {refused}
        </p>
      ) : outcome.state === 'waiting' ? (
        <p className="form-status" role="status">
          {t('form.saving')}
        </p>
      ) : null}
    </Dialog>
  );
}
