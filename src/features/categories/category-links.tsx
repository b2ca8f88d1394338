import type { ReactNode } from 'react';
import { isPlainClick } from '../../ui/plain-click';

/** A category page the screens link to (spec §2 routes); the app turns it into an address. */
export type CategoryPlace = { page: 'tree' } | { page: 'sets' } | { page: 'set'; id: string };

/** How the screens reach each other without knowing the router (src/app/pages/CategoriesPage). */
export type CategoryLinks = {
  href: (place: CategoryPlace) => string;
  open: (place: CategoryPlace) => void;
};

/** A link to a category page: a real address (new tab works), opened in place on a plain click. */
export function CategoryLink({
  links,
  to,
  className,
  testId,
  children,
}: {
  links: CategoryLinks;
  to: CategoryPlace;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={links.href(to)}
      data-testid={testId}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        links.open(to);
      }}
    >
      {children}
    </a>
  );
}
