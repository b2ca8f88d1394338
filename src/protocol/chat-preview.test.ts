import { describe, expect, it } from 'vitest';
import {
  PREVIEW_MAX_CHARS,
  cutText,
  firstLine,
  messagePreview,
  type PreviewSource,
} from './chat-preview';

const message = (over: Partial<PreviewSource> = {}): PreviewSource => ({
  id: '0190a000-0000-7000-8000-000000000001',
  authorKind: 'client',
  authorId: null,
  text: 'Hello',
  internal: false,
  attachments: [],
  createdAt: '2025-01-02T03:04:05.000Z',
  ...over,
});

describe('messagePreview', () => {
  it.each([
    [
      'the first non-empty line',
      '\n  \nMy parcel 4471 is late\nIt was due Monday',
      'My parcel 4471 is late',
    ],
    ['whitespace collapsed', '  where\tis   my \u00a0 order  ', 'where is my order'],
    ['Windows and old Mac line ends', '\r\n\rfirst\r\nsecond', 'first'],
    [
      'markup kept as the characters typed, never interpreted or escaped',
      '<b>hi</b> & <img src=x>',
      '<b>hi</b> & <img src=x>',
    ],
  ])('takes %s', (_, text, expected) => {
    expect(messagePreview(message({ text })).text).toBe(expected);
  });

  it('cuts a long line with an ellipsis, at most PREVIEW_MAX_CHARS characters', () => {
    const text = messagePreview(message({ text: 'word '.repeat(100) })).text;
    expect(Array.from(text)).toHaveLength(PREVIEW_MAX_CHARS);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/ …$/);
  });

  it('never splits an emoji when it cuts', () => {
    const cut = cutText('😀'.repeat(10), 5);
    expect(cut).toBe('😀😀😀😀…');
  });

  it('names the files of a message that is files only', () => {
    const preview = messagePreview(
      message({ text: '  ', attachments: [{ name: 'invoice.pdf' }, { name: 'photo.jpg' }] }),
    );
    expect(preview).toMatchObject({ text: 'invoice.pdf, photo.jpg', files: true });
  });

  it('prefers the text when a message has text and files', () => {
    const preview = messagePreview(
      message({ text: 'see attached', attachments: [{ name: 'a.pdf' }] }),
    );
    expect(preview).toMatchObject({ text: 'see attached', files: false });
  });

  it.each([
    [{ authorKind: 'client' as const }, 'client'],
    [
      { authorKind: 'operator' as const, authorId: '0190a000-0000-7000-8000-000000000009' },
      'operator',
    ],
    [{ authorKind: 'operator' as const, internal: true }, 'note'],
    [{ authorKind: 'bot' as const }, 'bot'],
    [{ authorKind: 'system' as const }, 'system'],
  ])('says who wrote it: %o is %s', (over, by) => {
    expect(messagePreview(message(over)).by).toBe(by);
  });

  it('carries the message id, author and time', () => {
    const author = '0190a000-0000-7000-8000-000000000009';
    expect(messagePreview(message({ authorKind: 'operator', authorId: author }))).toEqual({
      messageId: '0190a000-0000-7000-8000-000000000001',
      text: 'Hello',
      by: 'operator',
      authorId: author,
      files: false,
      at: '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('firstLine', () => {
  it('is empty for a text of blank lines', () => {
    expect(firstLine(' \n\t\n')).toBe('');
  });
});
