import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../protocol';
import { fileErrorName, fileSizeText, shownChannelLinks, widgetTexts } from './widget-texts';

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

describe('the widget’s shown channels', () => {
  const bot = { type: 'telegram', name: 'Shop bot', link: 'https://t.me/shop_help_bot' } as const;
  const mail = { type: 'email', name: 'Shop mail', link: 'mailto:help@shop.example' } as const;

  it('reads each as its type in the customer’s language, with where it leads as the hint', () => {
    expect(shownChannelLinks([bot, mail], widgetTexts(false).channelTypes)).toEqual([
      { text: 'Telegram', href: 'https://t.me/shop_help_bot', title: '@shop_help_bot' },
      { text: 'E-mail', href: 'mailto:help@shop.example', title: 'help@shop.example' },
    ]);
    expect(shownChannelLinks([mail], widgetTexts(true).channelTypes)[0]?.text).toBe('Эл. почта');
  });

  it('tells two channels of one type apart by their names', () => {
    const sales = { ...bot, name: 'Sales bot', link: 'https://t.me/shop_sales_bot' };
    expect(
      shownChannelLinks([bot, sales], widgetTexts(false).channelTypes).map((link) => link.text),
    ).toEqual(['Telegram (Shop bot)', 'Telegram (Sales bot)']);
  });

  it('leaves out a link of any other scheme', () => {
    const odd = { ...bot, link: 'javascript:alert(1)' };
    expect(shownChannelLinks([odd, mail], widgetTexts(false).channelTypes)).toHaveLength(1);
  });
});
