import { describe, expect, test } from 'vitest';
import { parseMail, stripQuotedReply } from './parse-mail';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('a customer mail becomes a message', () => {
  test('plain text, sender, subject and ids', async () => {
    const mail = await parseMail(
      crlf([
        'From: "Ann Customer" <Ann@Example.COM>',
        'To: support@shop.test',
        'Cc: Boss@Example.com',
        'Subject: Where is my order?',
        'Message-ID: <abc.1@Example.COM>',
        '',
        'Hello, order 42 did not arrive.',
      ]),
    );
    expect(mail).toMatchObject({
      kind: 'mail',
      messageId: 'abc.1@example.com',
      from: { address: 'ann@example.com', name: 'Ann Customer' },
      to: ['support@shop.test'],
      cc: ['boss@example.com'],
      subject: 'Where is my order?',
      text: 'Where is my order?\n\nHello, order 42 did not arrive.',
      references: ['abc.1@example.com'],
      threadIds: [],
    });
  });

  test('HTML-only mail becomes text; scripts and tags never reach the message', async () => {
    const mail = await parseMail(
      crlf([
        'From: a@b.test',
        'Subject: Hi',
        'In-Reply-To: <x@y>',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Hi <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="https://e.test">link</a>',
      ]),
    );
    if (mail.kind !== 'mail') throw new Error(mail.reason);
    expect(mail.text).toContain('Hi there');
    expect(mail.text).not.toMatch(/<|alert|onerror/);
  });

  test('attachments are kept as files; a type the inbox does not take is set aside by name', async () => {
    const pdf = Buffer.from('%PDF-1.4 hello').toString('base64');
    const exe = Buffer.from('MZ...').toString('base64');
    const mail = await parseMail(
      crlf([
        'From: a@b.test',
        'Subject: Invoice',
        'Content-Type: multipart/mixed; boundary="B1"',
        '',
        '--B1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'See attached.',
        '--B1',
        'Content-Type: application/pdf; name="invoice.pdf"',
        'Content-Disposition: attachment; filename="invoice.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf,
        '--B1',
        'Content-Type: application/x-msdownload; name="run.exe"',
        'Content-Disposition: attachment; filename="run.exe"',
        'Content-Transfer-Encoding: base64',
        '',
        exe,
        '--B1--',
      ]),
    );
    if (mail.kind !== 'mail') throw new Error(mail.reason);
    expect(mail.files.map((f) => [f.name, f.type, f.bytes.toString()])).toEqual([
      ['invoice.pdf', 'application/pdf', '%PDF-1.4 hello'],
    ]);
    expect(mail.setAside).toEqual([{ name: 'run.exe', reason: 'FILE_TYPE_NOT_ALLOWED' }]);
  });

  test('a mail cut off inside its last part keeps its text and sets the broken part aside', async () => {
    const mail = await parseMail(
      crlf([
        'From: a@b.test',
        'Subject: Photo',
        'Content-Type: multipart/mixed; boundary="XX"',
        '',
        '--XX',
        'Content-Type: text/plain',
        '',
        'Here is the photo',
        '--XX',
        'Content-Type: image/png; name="p.png"',
        'Content-Transfer-Encoding: base64',
        '',
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB',
      ]),
    );
    if (mail.kind !== 'mail') throw new Error(mail.reason);
    expect(mail.text).toContain('Here is the photo');
    expect(mail.files).toEqual([]);
    expect(mail.setAside).toEqual([{ name: 'p.png', reason: 'MAIL_PART_TRUNCATED' }]);
  });

  test('a multipart mail with no boundary has nothing readable and is set aside with its reason', async () => {
    const mail = await parseMail(
      crlf(['From: a@b.test', 'Content-Type: multipart/mixed', '', 'garbage']),
    );
    expect(mail).toMatchObject({ kind: 'unreadable', reason: 'MAIL_NO_READABLE_PART' });
  });

  test('a mail without a sender is set aside, never a crash', async () => {
    const mail = await parseMail(
      Buffer.from([0x46, 0x72, 0x6f, 0x6d, 0x3a, 0x20, 0, 0xff, 10, 10, 0, 1]),
    );
    expect(mail).toMatchObject({ kind: 'unreadable', reason: 'MAIL_NO_SENDER' });
  });

  test('a reply lists In-Reply-To first, then References newest first; its subject is not repeated', async () => {
    const mail = await parseMail(
      crlf([
        'From: a@b.test',
        'Subject: Re: Where is my order?',
        'Message-ID: <r2@b.test>',
        'In-Reply-To: <ours-2@shop.test>',
        'References: <root@b.test> <ours-1@shop.test>\r\n <ours-2@shop.test>',
        '',
        'Thanks!',
        '',
        'On Mon, 1 Jan 2026, Support <support@shop.test> wrote:',
        '> We sent it.',
        '>> Where is it?',
      ]),
    );
    if (mail.kind !== 'mail') throw new Error(mail.reason);
    expect(mail.threadIds).toEqual(['ours-2@shop.test', 'ours-1@shop.test', 'root@b.test']);
    expect(mail.references).toEqual([
      'root@b.test',
      'ours-1@shop.test',
      'ours-2@shop.test',
      'r2@b.test',
    ]);
    expect(mail.text).toBe('Thanks!');
  });
});

test('quoted tails are cut, quotes inside the words stay, an all-quote mail is kept whole', () => {
  expect(stripQuotedReply('Yes\n> inline\nmore')).toBe('Yes\n> inline\nmore');
  expect(stripQuotedReply('> only a quote')).toBe('> only a quote');
  expect(stripQuotedReply('Да\n\n15 янв. Иван написал:\n> текст')).toBe('Да');
});
