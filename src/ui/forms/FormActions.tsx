import { useI18n } from '../i18n';
import { FormStatus, type SaveState } from './FormStatus';

/**
 * A form's foot: how its save goes (FormStatus: saving, kept offline, or the refusal in words),
 * then the submit button, disabled while busy, then Cancel and Delete when the form has them.
 */
export function FormActions({
  state = 'idle',
  failure,
  failureTestId,
  busy = false,
  saveLabel,
  busyLabel,
  saveTestId,
  danger = false,
  onCancel,
  cancelDisabled,
  onDelete,
  deleteTestId,
}: {
  /** The save's progress when it goes through the outbox; forms that call online leave it idle. */
  state?: SaveState;
  /** A refusal or failure that concerns the whole form, shown above the buttons. */
  failure?: string | null | undefined;
  failureTestId?: string | undefined;
  /** Submitting or waiting for the server: the submit button cannot be pressed again. */
  busy?: boolean;
  /** The submit button's words: Save unless told otherwise. */
  saveLabel?: string | undefined;
  /** What the submit button says while busy, when it should say so. */
  busyLabel?: string | undefined;
  saveTestId: string;
  /** The submit button destroys something (switching two-factor off). */
  danger?: boolean;
  onCancel?: (() => void) | undefined;
  /** Cancel is unavailable too (a form waiting for an online answer it cannot drop). */
  cancelDisabled?: boolean | undefined;
  onDelete?: (() => void) | undefined;
  deleteTestId?: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <FormStatus state={state} failure={failure} failureTestId={failureTestId} />
      <div className="form__actions">
        <button
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          type="submit"
          data-testid={saveTestId}
          disabled={busy}
        >
          {busy && busyLabel ? busyLabel : (saveLabel ?? t('common.save'))}
        </button>
        {onCancel ? (
          <button className="button" type="button" onClick={onCancel} disabled={cancelDisabled}>
            {t('common.cancel')}
          </button>
        ) : null}
        {onDelete ? (
          <button
            className="button button--danger"
            type="button"
            data-testid={deleteTestId}
            onClick={onDelete}
          >
            {t('common.delete')}
          </button>
        ) : null}
      </div>
    </>
  );
}
