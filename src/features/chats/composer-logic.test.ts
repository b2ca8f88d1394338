import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../protocol';
import {
  checkFiles,
  draftKey,
  forgetSentDraft,
  insertAtCaret,
  readDraft,
  sendCheck,
  sendsOnKey,
  writeDraft,
  type DraftStorage,
} from './composer-logic';

const CHAT = '0190a0b0-0000-7000-8000-000000000001';

const memoryStorage = (): DraftStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

describe('the composer', () => {
  it('keeps a draft per chat under sc-draft-<chatId> and forgets an emptied one', () => {
    const storage = memoryStorage();
    writeDraft(storage, CHAT, 'Hello, I will check');
    expect(storage.data.get(`sc-draft-${CHAT}`)).toBe('Hello, I will check');
    expect(readDraft(storage, CHAT)).toBe('Hello, I will check');
    expect(readDraft(storage, 'another-chat')).toBe('');
    writeDraft(storage, CHAT, '   ');
    expect(storage.data.has(draftKey(CHAT))).toBe(false);
  });

  it("keeps a sent reply's draft until its write commits, and a newer draft after it", () => {
    const storage = memoryStorage();
    writeDraft(storage, CHAT, 'On its way');
    // Sent: until the outbox write commits, a reload finds the words in the box again.
    expect(readDraft(storage, CHAT)).toBe('On its way');
    forgetSentDraft(storage, CHAT, 'On its way');
    expect(readDraft(storage, CHAT)).toBe('');

    writeDraft(storage, CHAT, 'First reply');
    writeDraft(storage, CHAT, 'The next one, begun before the first was stored');
    forgetSentDraft(storage, CHAT, 'First reply');
    expect(readDraft(storage, CHAT)).toBe('The next one, begun before the first was stored');
  });

  it('starts empty when the browser refuses storage', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readDraft(refusing, CHAT)).toBe('');
    expect(() => {
      writeDraft(refusing, CHAT, 'text');
    }).not.toThrow();
  });

  it.each([
    ['', 0, 0, '🙂', '🙂', 2],
    ['Hi there', 2, 2, ' 👋', 'Hi 👋 there', 5],
    ['Hi there', 3, 8, 'you', 'Hi you', 6],
    ['abc', 10, 12, '!', 'abc!', 4],
    ['abc', 2, 1, 'X', 'abXc', 3],
  ])(
    'inserting into "%s" at %d..%d the text "%s" gives "%s", caret at %d',
    (text, start, end, insert, result, caret) => {
      expect(insertAtCaret(text, start, end, insert)).toEqual({ text: result, caret });
    },
  );

  it.each([
    ['Enter', false, false, true],
    ['Enter', true, false, false],
    ['Enter', false, true, false],
    ['a', false, false, false],
  ])('key %s with shift %s while composing %s sends: %s', (key, shift, composing, sends) => {
    expect(sendsOnKey(key, shift, composing)).toBe(sends);
  });

  it.each([
    ['', 0, 'empty'],
    ['  \n ', 0, 'empty'],
    ['', 1, 'ok'],
    ['Thanks!', 0, 'ok'],
    ['x'.repeat(LIMITS.messageTextMax), 0, 'ok'],
    ['x'.repeat(LIMITS.messageTextMax + 1), 0, 'too-long'],
  ])('text of length %#, with %d files: %s', (text, files, check) => {
    expect(sendCheck(text, files)).toBe(check);
  });

  it('refuses files of a forbidden type, empty or too large, and beyond ten a message, with the reason', () => {
    const file = (name: string, type: string, size: number) => ({ name, type, size });
    const { accepted, refused } = checkFiles(
      [
        file('photo.png', 'image/png', 2048),
        file('run.exe', 'application/x-msdownload', 100),
        file('empty.txt', 'text/plain', 0),
        file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1),
        file('a.pdf', 'application/pdf', 10),
        file('b.pdf', 'application/pdf', 10),
      ],
      8,
    );
    expect(accepted.map((f) => f.name)).toEqual(['photo.png', 'a.pdf']);
    expect(refused).toEqual([
      { name: 'run.exe', problem: 'FILE_TYPE_NOT_ALLOWED' },
      { name: 'empty.txt', problem: 'FILE_EMPTY' },
      { name: 'huge.pdf', problem: 'FILE_TOO_LARGE' },
      { name: 'b.pdf', problem: 'TOO_MANY_FILES' },
    ]);
  });
});
