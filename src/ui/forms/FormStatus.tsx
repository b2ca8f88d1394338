import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';

/**
 * How long a save may take on a good connection before the form says it waits for one: the
 * outbox keeps the change meanwhile, so the user may leave the form.
 */
const SLOW_SAVE_MS = 1500;

/** Where a form's save is: nothing sent, waiting for the server, accepted, or refused. */
export type SaveState = 'idle' | 'waiting' | 'saved' | 'rejected';

/**
 * A form's save in words: saving, then (when the answer is slow) that the change is kept on this
 * device and goes out with the connection; or the server's refusal. Read out by screen readers.
 */
export function FormStatus({
  state,
  failure,
  failureTestId = 'form-failure',
}: {
  state: SaveState;
  failure?: string | null | undefined;
  failureTestId?: string | undefined;
}) {
  const { t } = useI18n();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (state !== 'waiting') return;
    const timer = setTimeout(() => {
      setSlow(true);
    }, SLOW_SAVE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [state]);
  if (state === 'rejected' || failure)
    return failure ? (
      <p className="form-failure" role="alert" data-testid={failureTestId}>
        {failure}
      </p>
    ) : null;
  if (state !== 'waiting') return null;
  return (
    <p className="form-status" role="status" data-testid="form-status">
      {slow ? t('form.queued') : t('form.saving')}
    </p>
  );
}
