import { bracketed } from './mail-ids';

/** What the customer's latest mail in a chat says about the thread (parsed from its stored event). */
export interface ThreadTip {
  messageId: string | null;
  /** Its References then its own id, oldest first. */
  references: string[];
  subject: string;
  fromAddress: string;
  to: string[];
  cc: string[];
}

/** An address of the channel that replies also go to (spec §3 "addresses with To and Copy"). */
export interface ChannelAddress {
  address: string;
  kind: 'to' | 'copy';
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

/** References keep the thread's root and its newest ids; mail clients cut long lists alike. */
const MAX_REFERENCES = 20;

export function replySubject(subject: string): string {
  const bare = subject.trim();
  if (bare.length === 0) return 'Re:';
  return /^(re|ответ|aw|sv)\s*:/i.test(bare) ? bare : `Re: ${bare}`;
}

/**
 * Our reply: from the channel's address, to the customer and the channel's "To" addresses,
 * copying its "Copy" addresses and the other people the customer's mail was written to or copied
 * (reply-all: a colleague they copied keeps hearing the answer). In-Reply-To names the customer's
 * latest mail and References carry the thread, so their client shows one conversation. Without a
 * customer mail (the thread's ids only), References are those ids.
 */
export function replyEnvelope(input: {
  tip: ThreadTip | null;
  /** Message-IDs of the chat's earlier mail, oldest first, when no tip tells the thread. */
  threadIds: string[];
  recipient: string;
  channelAddress: string;
  addresses: ChannelAddress[];
  ourMessageId: string;
}): ReplyEnvelope {
  const { tip, recipient, channelAddress, addresses } = input;
  const unique = (list: string[], except: Set<string>) =>
    list.filter((a, i) => !except.has(a) && list.indexOf(a) === i);
  const to = unique(
    [recipient, ...addresses.filter((a) => a.kind === 'to').map((a) => a.address)],
    new Set([channelAddress]),
  );
  const others = tip ? [...tip.to, ...tip.cc] : [];
  const cc = unique(
    [...others, ...addresses.filter((a) => a.kind === 'copy').map((a) => a.address)],
    new Set([channelAddress, ...to]),
  );
  const all = tip ? tip.references : input.threadIds;
  const references = all.slice(-MAX_REFERENCES);
  if (all.length > MAX_REFERENCES && all[0]) references[0] = all[0];
  const parent = tip?.messageId ?? input.threadIds.at(-1) ?? null;
  return {
    from: channelAddress,
    to,
    cc,
    subject: replySubject(tip?.subject ?? ''),
    messageId: bracketed(input.ourMessageId),
    inReplyTo: parent ? bracketed(parent) : undefined,
    references: references.length ? references.map(bracketed).join(' ') : undefined,
  };
}
