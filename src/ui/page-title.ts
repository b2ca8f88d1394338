import { useEffect } from 'react';
import { PLATFORM_NAME } from '../protocol/limits';

/** The document title for a page: its own title beside the platform name, or the platform name alone (spec §2). */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${PLATFORM_NAME}` : PLATFORM_NAME;
}

/** Setting the title costs the browser a notice to its window even when the text is the same. */
function setTitle(text: string): void {
  if (document.title !== text) document.title = text;
}

/**
 * Sets the page title while the calling screen is shown; the platform name comes back when it
 * goes. A new title (another list of the same screen) is set once, not reset in between.
 */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    setTitle(pageTitle(title));
  }, [title]);
  useEffect(
    () => () => {
      setTitle(PLATFORM_NAME);
    },
    [],
  );
}
