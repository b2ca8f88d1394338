import { useEffect } from 'react';
import { PLATFORM_NAME } from '../protocol';

/** The document title for a page: its own title beside the platform name, or the platform name alone (spec §2). */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${PLATFORM_NAME}` : PLATFORM_NAME;
}

/** Sets the page title while the calling screen is shown; the platform name comes back when it goes. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = PLATFORM_NAME;
    };
  }, [title]);
}
