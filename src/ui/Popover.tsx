import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a small panel above it (emoji, templates). A click outside or Escape closes
 * it; `children` gets a `close` to call once something is chosen.
 */
export function Popover({
  label,
  buttonContent,
  buttonTestId,
  className,
  children,
}: {
  label: string;
  buttonContent: ReactNode;
  buttonTestId?: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const close = () => {
    setOpen(false);
  };
  return (
    <div ref={root} className={`popover ${className ?? ''}`}>
      <button
        className="button button--icon"
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid={buttonTestId}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {buttonContent}
      </button>
      {open ? (
        <div id={panelId} className="popover__panel" role="dialog" aria-label={label}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
