import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from './i18n';

/**
 * A panel that slides in at the right of a list to add or edit one of its rows (spec §2: the
 * Teams side panel). Not modal: the list stays readable beside it. Escape closes it.
 */
export function SidePanel({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  return (
    <aside
      ref={ref}
      className="side-panel"
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="side-panel__header">
        <h2 id={titleId} className="side-panel__title">
          {title}
        </h2>
        <button
          className="button button--icon"
          type="button"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <div className="side-panel__body">{children}</div>
    </aside>
  );
}
