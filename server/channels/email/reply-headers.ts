import { bracketed } from './mail-ids';

/** What we know of the customer's latest mail in a chat, kept when it was received. */
export interface ThreadTip {
  messageId: string | null;
  references: string[];
  subject: string;
  /** The channel address the customer wrote to, and who else was in To and Copy. */
  to: string[];
  cc: string[];
  fromAddress: string;
}

export interface ChannelAddress {
  address: string;
  to: boolean;
  copy: boolean;
}

/** The headers and addresses of our reply, so the customer's mail client threads it. */
export interface ReplyEnvelope {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  messageId: string;
  inReplyTo: string | undefined;
  references: string | undefined;
}

/** References keep the thread's root and its newest ids; clients cut long lists the same way. */
const MAX_REFERENCES = 20;

export function replySubject(subject: string): string {
  const bare = subject.trim();
  if (bare.length === 0) return 'Re:';
  return /^(re|ответ|aw|sv)\s*:/i.test(bare) ? bare : `Re: ${bare}`;
}

/**
 * Our reply to the thread's latest customer mail: from the channel address the customer wrote to
 * (the first address of the channel when they wrote to none of them, e.g. through a forward), to
 * the customer, copying the other people of their mail (reply-all: a colleague they copied keeps
 * hearing the answer), never copying the channel's own addresses.
 */
export function replyEnvelope(
  tip: ThreadTip,
  channelAddresses: ChannelAddress[],
  ourMessageId: string,
): ReplyEnvelope {
  const ours = new Set(channelAddresses.map((a) => a.address));
  const wroteTo = [...tip.to, ...tip.cc].find((address) => ours.has(address));
  const from = wroteTo ?? channelAddresses[0]?.address ?? '';
  const others = [...tip.to, ...tip.cc].filter(
    (address, i, all) =>
      !ours.has(address) && address !== tip.fromAddress && all.indexOf(address) === i,
  );
  const references = tip.references.slice(-MAX_REFERENCES);
  if (
    references.length === MAX_REFERENCES &&
    tip.references[0] &&
    references[0] !== tip.references[0]
  ) {
    references[0] = tip.references[0];
  }
  return {
    from,
    to: [tip.fromAddress],
    cc: others,
    subject: replySubject(tip.subject),
    messageId: bracketed(ourMessageId),
    inReplyTo: tip.messageId ? bracketed(tip.messageId) : undefined,
    references: references.length ? references.map(bracketed).join(' ') : undefined,
  };
}

/**
 * Whether the channel takes a mail: one of its addresses is in To (with "To" ticked) or in Copy
 * (with "Copy" ticked). A channel with no addresses takes all of its mailbox's mail.
 */
export function addressedToChannel(
  mail: { to: string[]; cc: string[] },
  channelAddresses: ChannelAddress[],
): boolean {
  if (channelAddresses.length === 0) return true;
  return channelAddresses.some(
    (a) => (a.to && mail.to.includes(a.address)) || (a.copy && mail.cc.includes(a.address)),
  );
}
