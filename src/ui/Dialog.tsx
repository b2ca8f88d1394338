import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from './i18n';

/** A dialog's primary action, shown last, after Cancel. */
export type DialogConfirm = {
  label: string;
  testId: string;
  disabled: boolean;
  onConfirm: () => void;
};

/**
 * A modal dialog on the browser's own <dialog>: focus is kept inside, Escape closes it, and the
 * page behind is inert. Its foot holds any extra `actions`, then Cancel, then the primary action.
 * Render it only while it is open.
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  confirm,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  confirm: DialogConfirm;
  testId?: string;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault(); // the owner decides; it unmounts the dialog
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        {actions}
        <button className="button" type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          className="button button--primary"
          type="button"
          data-testid={confirm.testId}
          disabled={confirm.disabled}
          onClick={confirm.onConfirm}
        >
          {confirm.label}
        </button>
      </div>
    </dialog>
  );
}
