/**
 * An init script for the benchmarked page (Playwright's `addInitScript`): stamps, in epoch
 * milliseconds, when the connection indicator first says the bootstrap is loading and when it
 * says done. The worker sets "done" after the bootstrap's last transaction has committed, so the
 * stamp is when the rows are stored and the app tells the user so.
 */
export type BootstrapStamps = { loading: number | null; done: number | null };

declare global {
  interface Window {
    __bootstrapStamps: BootstrapStamps;
  }
}

/** Self-contained: Playwright serializes this function into the page. */
export function installBootstrapProbe(): void {
  const stamps: BootstrapStamps = { loading: null, done: null };
  window.__bootstrapStamps = stamps;
  const check = () => {
    const state = document
      .querySelector('[data-testid="connection"]')
      ?.getAttribute('data-bootstrap');
    if ((state === 'loading' || state === 'done') && stamps[state] === null)
      stamps[state] = performance.timeOrigin + performance.now();
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-bootstrap'],
  });
}
