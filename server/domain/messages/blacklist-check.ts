import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { normalizeContact } from '../../../src/protocol/contact-value';
import { blacklist, blockedMessages, clientContacts } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { blockedMessageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { channelIdentity } from '../clients/channel-identity';

/** Who a customer's message says it is from, as message.receive's payload names them. */
export type Sender = {
  channelId: string;
  externalId: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
};

/** The addresses a blacklist entry of kind phone or e-mail is compared with. */
export type SenderAddresses = { phones: string[]; emails: string[] };

/**
 * The sender's phone and e-mail as contacts store them (E.164, normalised e-mail), beside those
 * of the client the channel identity already belongs to. A value that does not normalise is left
 * out: it cannot equal an entry, which was normalised when it was added.
 */
export function senderAddresses(
  sender: Pick<Sender, 'phone' | 'email'>,
  knownContacts: readonly { kind: string; value: string }[],
): SenderAddresses {
  const phones = new Set<string>();
  const emails = new Set<string>();
  const phone = sender.phone ? normalizeContact('phone', sender.phone) : null;
  if (phone?.ok) phones.add(phone.value);
  const email = sender.email ? normalizeContact('email', sender.email) : null;
  if (email?.ok) emails.add(email.value);
  for (const contact of knownContacts) {
    if (contact.kind === 'phone') phones.add(contact.value);
    if (contact.kind === 'email') emails.add(contact.value);
  }
  return { phones: [...phones], emails: [...emails] };
}

/** What ingest learns of a sender: the entry they match, and the client they already are. */
export type SenderCheck = { entryId: string | null; clientId: string | null };

/**
 * The organization's blacklist entry this sender matches, if any (issue 18 item 4): their
 * identity in this channel, their phone or e-mail as the channel gave it, or a phone or e-mail of
 * the client that identity already belongs to. Read before anything of the message is stored;
 * the client found on the way is returned so ingest does not look for it again.
 */
export async function checkSender(scope: CommandScope, sender: Sender): Promise<SenderCheck> {
  const [known] = await scope.tx
    .select({ clientId: clientContacts.clientId })
    .from(clientContacts)
    .where(channelIdentity(sender.channelId, sender.externalId));
  const contacts = known
    ? await scope.tx
        .select({ kind: clientContacts.kind, value: clientContacts.value })
        .from(clientContacts)
        .where(
          and(
            eq(clientContacts.clientId, known.clientId),
            inArray(clientContacts.kind, ['phone', 'email']),
          ),
        )
    : [];
  const { phones, emails } = senderAddresses(sender, contacts);
  const matches: SQL[] = [
    and(
      eq(blacklist.kind, 'channel'),
      eq(blacklist.channelId, sender.channelId),
      eq(blacklist.value, sender.externalId),
    ) as SQL,
  ];
  if (phones.length > 0)
    matches.push(and(eq(blacklist.kind, 'phone'), inArray(blacklist.value, phones)) as SQL);
  if (emails.length > 0)
    matches.push(and(eq(blacklist.kind, 'email'), inArray(blacklist.value, emails)) as SQL);
  const [entry] = await scope.tx
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.orgId, scope.orgId), or(...matches)))
    .orderBy(blacklist.addedAt, blacklist.id)
    .limit(1);
  return { entryId: entry?.id ?? null, clientId: known?.clientId ?? null };
}

/** A message set aside, under the id the message itself would have had. */
export type AsideMessage = {
  id: string;
  channelId: string;
  externalId: string;
  name: string | null;
  text: string;
  files: number;
};

/**
 * Sets a blacklisted customer's message aside: one blocked_messages row, synced org-wide for the
 * blacklist page, and nothing else — no client, chat, message, file, routing or notification.
 * The row takes the message's id, so an adapter delivering the same message again (under another
 * command id) sets nothing aside twice; a retry of the same command is answered from its stored
 * result before this runs.
 */
export async function setMessageAside(
  scope: CommandScope,
  entryId: string,
  message: AsideMessage,
): Promise<void> {
  const [row] = await scope.tx
    .insert(blockedMessages)
    .values({
      id: message.id,
      orgId: scope.orgId,
      entryId,
      channelId: message.channelId,
      externalId: message.externalId,
      name: message.name,
      text: message.text,
      attachmentCount: message.files,
      receivedAt: scope.now,
    })
    .onConflictDoNothing({ target: blockedMessages.id })
    .returning();
  if (!row) return;
  scope.emit('message.blocked', { blockedMessageId: row.id, entryId, channelId: row.channelId }, [
    {
      table: 'blockedMessages',
      op: 'put',
      key: row.id,
      row: blockedMessageRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}
