/**
 * How close to the bottom still counts as "reading the newest": a line of text, so a reader a
 * few pixels up still follows new messages, while one who scrolled back to read keeps their place.
 */
export const FOLLOW_THRESHOLD_PX = 48;

export type ScrollBox = { scrollTop: number; clientHeight: number; scrollHeight: number };

/** Whether the thread is scrolled to (or near) its newest message. */
export const isAtBottom = (box: ScrollBox, threshold = FOLLOW_THRESHOLD_PX): boolean =>
  box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;

/**
 * Whether the thread keeps following the newest message after a scroll event. Reaching the bottom
 * follows again; only moving up stops following. Content that grew under a scroll event (a picture
 * loaded after our own scroll to the bottom) moves nothing, so it never counts as the reader
 * leaving.
 */
export function followsAfterScroll(
  following: boolean,
  previousTop: number,
  box: ScrollBox,
): boolean {
  if (isAtBottom(box)) return true;
  if (box.scrollTop < previousTop) return false;
  return following;
}
