import * as v from 'valibot';
import type { RawInboundEvent, StatusReport } from '../adapter';

/**
 * One messaging item of an `object: "instagram"` webhook (Meta's Instagram messaging webhooks):
 * a customer's message (or our own echoed back), a read, a tap on a postback button. Loose, so a
 * field Meta adds does not refuse the call; what is read is checked.
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
  read: v.optional(v.looseObject({ mid: v.optional(v.string()) })),
  postback: v.optional(
    v.looseObject({ mid: v.optional(v.string()), title: v.optional(v.string()) }),
  ),
});
export type InstagramItem = v.InferOutput<typeof ItemSchema>;

const BatchSchema = v.looseObject({
  object: v.literal('instagram'),
  entry: v.array(
    v.looseObject({
      id: v.union([v.string(), v.number()]),
      messaging: v.optional(v.array(v.unknown())),
    }),
  ),
});

export type InstagramBatch = {
  accounts: { identity: string; events: RawInboundEvent[]; statuses: StatusReport[] }[];
  skipped: string[];
};

/**
 * Splits a webhook call into each account's customer messages (keyed by Meta's `mid`, so a call
 * delivered twice stores each once) and reads. Our own messages come back as echoes, and are not
 * a customer's; a read names the last message read. Null when the body is not an Instagram batch.
 */
export function readInstagramBatch(body: unknown): InstagramBatch | null {
  const batch = v.safeParse(BatchSchema, body);
  if (!batch.success) return null;
  const byAccount = new Map<string, InstagramBatch['accounts'][number]>();
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
      const { message, read, postback } = item.output;
      if (message) {
        // Echoes are ours (or sent from the Instagram app); a deleted message unsends nothing here.
        if (message.is_echo === true || message.is_deleted === true) continue;
        account.events.push({ providerId: message.mid, payload: item.output });
      } else if (postback?.mid) {
        account.events.push({ providerId: postback.mid, payload: item.output });
      } else if (read?.mid) {
        account.statuses.push({ providerMessageId: read.mid, status: 'read' });
      } else skipped.push('a messaging item not followed (a reaction, an edit, a referral)');
    }
  }
  return { accounts: [...byAccount.values()], skipped };
}

export const parseInstagramItem = (payload: unknown): InstagramItem | null => {
  const item = v.safeParse(ItemSchema, payload);
  return item.success ? item.output : null;
};
