import { expect, test } from 'vitest';
import { addressedToChannel, replyEnvelope, replySubject } from './reply-headers';
import { messageIdList, normalizeMessageId, outgoingMessageId } from './mail-ids';

const addresses = [
  { address: 'support@shop.test', to: true, copy: true },
  { address: 'sales@shop.test', to: true, copy: false },
];

test('our reply threads under the customer mail, from the address they wrote to, copying the others', () => {
  const envelope = replyEnvelope(
    {
      messageId: 'c1@example.com',
      references: ['root@example.com', 'c1@example.com'],
      subject: 'Where is my order?',
      to: ['sales@shop.test'],
      cc: ['boss@example.com', 'support@shop.test'],
      fromAddress: 'ann@example.com',
    },
    addresses,
    outgoingMessageId('0190-msg', 'sales@Shop.test'),
  );
  expect(envelope).toEqual({
    from: 'sales@shop.test',
    to: ['ann@example.com'],
    cc: ['boss@example.com'],
    subject: 'Re: Where is my order?',
    messageId: '<0190-msg@shop.test>',
    inReplyTo: '<c1@example.com>',
    references: '<root@example.com> <c1@example.com>',
  });
});

test('the subject gets one "Re:" only', () => {
  expect(replySubject('Re: Order')).toBe('Re: Order');
  expect(replySubject('RE:Order')).toBe('RE:Order');
  expect(replySubject('Order')).toBe('Re: Order');
});

test('a long References list keeps its root and its newest ids', () => {
  const refs = Array.from({ length: 30 }, (_, i) => `m${i}@x`);
  const envelope = replyEnvelope(
    { messageId: 'm29@x', references: refs, subject: 's', to: [], cc: [], fromAddress: 'a@x' },
    addresses,
    'ours@shop.test',
  );
  const sent = messageIdList(envelope.references);
  expect(sent).toHaveLength(20);
  expect(sent[0]).toBe('m0@x');
  expect(sent.at(-1)).toBe('m29@x');
  expect(envelope.from).toBe('support@shop.test');
});

test('a mail is taken when a channel address is in To or in Copy as ticked', () => {
  expect(addressedToChannel({ to: ['sales@shop.test'], cc: [] }, addresses)).toBe(true);
  expect(addressedToChannel({ to: ['x@y'], cc: ['sales@shop.test'] }, addresses)).toBe(false);
  expect(addressedToChannel({ to: ['x@y'], cc: ['support@shop.test'] }, addresses)).toBe(true);
  expect(addressedToChannel({ to: ['x@y'], cc: [] }, [])).toBe(true);
});

test('Message-IDs are compared in one spelling', () => {
  expect(normalizeMessageId(' <Abc@Example.COM> ')).toBe('Abc@example.com');
  expect(normalizeMessageId('<>')).toBeNull();
  expect(messageIdList('<a@B> <c@d>\r\n <a@b>')).toEqual(['a@b', 'c@d']);
});
