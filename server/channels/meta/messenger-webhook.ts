import * as v from 'valibot';
import type { RawInboundEvent, StatusReport } from '../adapter';

/**
 * One messaging item of a Messenger Platform webhook — `object: "instagram"` (Instagram
 * messaging) or `object: "page"` (Facebook Messenger), which share it: a customer's message (or
 * our own echoed back), a delivery, a read, a tap on a postback button. Loose, so a field Meta
 * adds does not refuse the call; what is read is checked.
 */
const ItemSchema = v.looseObject({
  sender: v.looseObject({ id: v.string() }),
  recipient: v.looseObject({ id: v.string() }),
  timestamp: v.optional(v.number()),
  message: v.optional(
    v.looseObject({
      mid: v.string(),
      text: v.optional(v.string()),
      is_echo: v.optional(v.boolean()),
      is_deleted: v.optional(v.boolean()),
      attachments: v.optional(v.array(v.unknown())),
      quick_reply: v.optional(v.looseObject({ payload: v.optional(v.string()) })),
    }),
  ),
  /** Instagram names the message read; Messenger a watermark: everything sent up to then. */
  read: v.optional(
    v.looseObject({ mid: v.optional(v.string()), watermark: v.optional(v.number()) }),
  ),
  /** Messenger only: the messages delivered, by mid. */
  delivery: v.optional(v.looseObject({ mids: v.optional(v.array(v.string())) })),
  postback: v.optional(
    v.looseObject({ mid: v.optional(v.string()), title: v.optional(v.string()) }),
  ),
});
export type MessengerItem = v.InferOutput<typeof ItemSchema>;

const BatchSchema = v.looseObject({
  object: v.picklist(['instagram', 'page']),
  entry: v.array(
    v.looseObject({
      id: v.union([v.string(), v.number()]),
      messaging: v.optional(v.array(v.unknown())),
    }),
  ),
});

export type MessengerBatch = {
  accounts: { identity: string; events: RawInboundEvent[]; statuses: StatusReport[] }[];
  skipped: string[];
};

/**
 * Splits a webhook call into each account's customer messages (keyed by Meta's `mid`, so a call
 * delivered twice stores each once), deliveries and reads. Our own messages come back as echoes,
 * and are not a customer's; an Instagram read names the last message read, a Messenger read is a
 * watermark by time over what the page sent the customer. Null when the body is not a batch of
 * the `object` expected (an Instagram call at the page's address, or the other way round).
 */
export function readMessengerBatch(
  body: unknown,
  object: 'instagram' | 'page',
): MessengerBatch | null {
  const batch = v.safeParse(BatchSchema, body);
  if (!batch.success || batch.output.object !== object) return null;
  const byAccount = new Map<string, MessengerBatch['accounts'][number]>();
  const skipped: string[] = [];
  for (const entry of batch.output.entry) {
    const identity = String(entry.id);
    const account = byAccount.get(identity) ?? { identity, events: [], statuses: [] };
    byAccount.set(identity, account);
    for (const raw of entry.messaging ?? []) {
      const item = v.safeParse(ItemSchema, raw);
      if (!item.success) {
        skipped.push('a messaging item of an unknown shape');
        continue;
      }
      const { message, read, postback, delivery } = item.output;
      if (message) {
        // Echoes are ours (or sent from the Instagram app); a deleted message unsends nothing here.
        if (message.is_echo === true || message.is_deleted === true) continue;
        account.events.push({ providerId: message.mid, payload: item.output });
      } else if (postback?.mid) {
        account.events.push({ providerId: postback.mid, payload: item.output });
      } else if (read?.mid) {
        account.statuses.push({ providerMessageId: read.mid, status: 'read' });
      } else if (read?.watermark !== undefined) {
        account.statuses.push({
          customer: item.output.sender.id,
          status: 'read',
          upTo: new Date(read.watermark),
        });
      } else if (delivery) {
        for (const mid of delivery.mids ?? [])
          account.statuses.push({ providerMessageId: mid, status: 'delivered' });
      } else skipped.push('a messaging item not followed (a reaction, an edit, a referral)');
    }
  }
  return { accounts: [...byAccount.values()], skipped };
}

export const parseMessengerItem = (payload: unknown): MessengerItem | null => {
  const item = v.safeParse(ItemSchema, payload);
  return item.success ? item.output : null;
};
