import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

/** The frame every admin screen sits in: its translated title as heading and page title, then its content. */
export function SectionFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="section" aria-labelledby="section-title">
      <header className="section__header">
        <h1 id="section-title" className="section__title">
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </section>
  );
}
