import { ATTACHMENTS_PER_MESSAGE, LIMITS, attachmentProblem } from '../../protocol';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Drafts are kept per chat in the browser, so a reload or another chat never loses one. */
export const draftKey = (chatId: string): string => `sc-draft-${chatId}`;

export function readDraft(storage: DraftStorage, chatId: string): string {
  try {
    return storage.getItem(draftKey(chatId)) ?? '';
  } catch {
    return ''; // storage disabled: the composer simply starts empty
  }
}

/**
 * After a sent reply's outbox write has committed: forgets the stored draft it came from, unless
 * the user has begun another one meanwhile. Until then the draft stays stored, so a reload or a
 * crash before the commit gives the words back instead of losing them.
 */
export function forgetSentDraft(storage: DraftStorage, chatId: string, sent: string): void {
  if (readDraft(storage, chatId) === sent) writeDraft(storage, chatId, '');
}

/** Keeps the draft; an empty one is removed so old chats leave nothing behind. */
export function writeDraft(storage: DraftStorage, chatId: string, text: string): void {
  try {
    if (text.trim() === '') storage.removeItem(draftKey(chatId));
    else storage.setItem(draftKey(chatId), text);
  } catch (error) {
    console.warn('The draft could not be kept', error);
  }
}

/** Text with something inserted in place of the selection, and where the caret lands after it. */
export function insertAtCaret(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/** Enter sends; Shift+Enter breaks the line; Enter that finishes an IME composition does neither. */
export const sendsOnKey = (key: string, shiftKey: boolean, isComposing: boolean): boolean =>
  key === 'Enter' && !shiftKey && !isComposing;

export type SendCheck = 'empty' | 'too-long' | 'ok';

/** Whether what is in the composer can go: some text or a file, and not beyond the length limit. */
export function sendCheck(text: string, fileCount: number): SendCheck {
  if (text.trim() === '' && fileCount === 0) return 'empty';
  if (text.length > LIMITS.messageTextMax) return 'too-long';
  return 'ok';
}

export type FileProblem = {
  name: string;
  problem: 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'FILE_EMPTY' | 'TOO_MANY_FILES';
};

/**
 * Sorts chosen files into those that may be attached and those refused, with the reason, before
 * anything is enqueued: the same check the server applies, plus the per-message count.
 */
export function checkFiles<F extends { name: string; type: string; size: number }>(
  chosen: readonly F[],
  alreadyAttached: number,
): { accepted: F[]; refused: FileProblem[] } {
  const accepted: F[] = [];
  const refused: FileProblem[] = [];
  for (const file of chosen) {
    const problem = attachmentProblem(file);
    if (problem) refused.push({ name: file.name, problem });
    else if (alreadyAttached + accepted.length >= ATTACHMENTS_PER_MESSAGE)
      refused.push({ name: file.name, problem: 'TOO_MANY_FILES' });
    else accepted.push(file);
  }
  return { accepted, refused };
}
