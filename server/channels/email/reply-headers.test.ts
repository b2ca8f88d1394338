import { expect, test } from 'vitest';
import { replyEnvelope, replySubject } from './reply-headers';
import { messageIdList, normalizeMessageId, outgoingMessageId } from './mail-ids';

const tip = {
  messageId: 'c1@example.com',
  references: ['root@example.com', 'c1@example.com'],
  subject: 'Where is my order?',
  fromAddress: 'ann@example.com',
  to: ['support@shop.test'],
  cc: ['boss@example.com'],
};

test('our reply threads under the customer mail, to them and the To addresses, copying the others', () => {
  const envelope = replyEnvelope({
    tip,
    threadIds: [],
    recipient: 'ann@example.com',
    channelAddress: 'support@shop.test',
    addresses: [
      { address: 'orders@shop.test', kind: 'to' },
      { address: 'archive@shop.test', kind: 'copy' },
    ],
    ourMessageId: outgoingMessageId('0190-msg', 'support@Shop.test'),
  });
  expect(envelope).toEqual({
    from: 'support@shop.test',
    to: ['ann@example.com', 'orders@shop.test'],
    cc: ['boss@example.com', 'archive@shop.test'],
    subject: 'Re: Where is my order?',
    messageId: '<0190-msg@shop.test>',
    inReplyTo: '<c1@example.com>',
    references: '<root@example.com> <c1@example.com>',
  });
});

test('without a customer mail the thread ids make the References', () => {
  const envelope = replyEnvelope({
    tip: null,
    threadIds: ['a@x', 'b@shop.test'],
    recipient: 'ann@example.com',
    channelAddress: 'support@shop.test',
    addresses: [],
    ourMessageId: 'm@shop.test',
  });
  expect(envelope).toMatchObject({
    inReplyTo: '<b@shop.test>',
    references: '<a@x> <b@shop.test>',
    subject: 'Re:',
  });
});

test('the subject gets one "Re:" only', () => {
  expect(replySubject('Re: Order')).toBe('Re: Order');
  expect(replySubject('RE:Order')).toBe('RE:Order');
  expect(replySubject('Order')).toBe('Re: Order');
});

test('a long References list keeps its root and its newest ids', () => {
  const refs = Array.from({ length: 30 }, (_, i) => `m${String(i)}@x`);
  const envelope = replyEnvelope({
    tip: { ...tip, messageId: 'm29@x', references: refs },
    threadIds: [],
    recipient: 'a@x',
    channelAddress: 'support@shop.test',
    addresses: [],
    ourMessageId: 'ours@shop.test',
  });
  const sent = messageIdList(envelope.references);
  expect(sent).toHaveLength(20);
  expect(sent[0]).toBe('m0@x');
  expect(sent.at(-1)).toBe('m29@x');
});

test('Message-IDs are compared in one spelling', () => {
  expect(normalizeMessageId(' <Abc@Example.COM> ')).toBe('Abc@example.com');
  expect(normalizeMessageId('<>')).toBeNull();
  expect(messageIdList('<a@B> <c@d>\r\n <a@b>')).toEqual(['a@b', 'c@d']);
});
