import type { ReactNode } from 'react';

/** A notice across the top of the workspace: connection lost, a problem, an update waiting. */
export function Notice({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'warning' | 'danger';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`notice notice--${tone}`} role="alert">
      <strong className="notice__title">{title}</strong>
      {children ? <span className="notice__text">{children}</span> : null}
      {actions ? <span className="notice__actions">{actions}</span> : null}
    </div>
  );
}
