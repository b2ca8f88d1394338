/**
 * The element a workspace start draws the last screen in, above the app's root, until the app
 * draws its own (app/shell/screen-copy.ts keeps and draws it).
 */
export const SCREEN_COPY_ID = 'screen-copy';

/** The app's own screen is drawn: the copy of the last one goes, if it is there. */
export function dropScreenCopy(): void {
  document.getElementById(SCREEN_COPY_ID)?.remove();
}
