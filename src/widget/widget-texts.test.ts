import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../protocol';
import { fileErrorName, fileSizeText, widgetTexts } from './widget-texts';

describe('the widget’s file texts', () => {
  it('tells every refusal of the shared file check, in both languages, with the real limit', () => {
    const refused = [
      attachmentProblem({ type: 'text/html', size: 10 }),
      attachmentProblem({ type: 'image/png', size: 0 }),
      attachmentProblem({ type: 'image/png', size: ATTACHMENT_MAX_BYTES + 1 }),
    ];
    expect(refused).toEqual(['FILE_TYPE_NOT_ALLOWED', 'FILE_EMPTY', 'FILE_TOO_LARGE']);
    for (const ru of [false, true]) {
      const { errors } = widgetTexts(ru);
      for (const name of refused) expect(errors[fileErrorName(name)]).toBeTruthy();
      expect(errors.FILE_TOO_LARGE).toContain('10');
    }
  });

  it('names a server refusal it knows and calls anything else a failed upload', () => {
    expect(fileErrorName('FILE_TOO_LARGE')).toBe('FILE_TOO_LARGE');
    expect(fileErrorName('TOO_MANY_REQUESTS')).toBe('FILE_UPLOAD_FAILED');
    expect(fileErrorName(undefined)).toBe('FILE_UPLOAD_FAILED');
  });

  it.each([
    [512, false, '512 B'],
    [2048, false, '2 KB'],
    [3 * 1024 * 1024, false, '3.0 MB'],
    [2048, true, '2 КБ'],
  ] as const)('%i bytes read as %s', (bytes, ru, text) => {
    expect(fileSizeText(bytes, ru)).toBe(text);
  });
});
