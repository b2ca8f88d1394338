/**
 * A click the browser leaves to the page: the main button with no modifier. Links that open a
 * screen in place take only these; a modified click keeps the browser's own meaning (new tab,
 * new window, download).
 */
export const isPlainClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
