import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normalizeContact } from '../../../src/protocol/contact-value';
import { blacklist, blockedMessages, clientContacts, clients } from '../../db/schema';
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
 * The sender's phone and e-mail as contacts store them (E.164, normalised e-mail). A value that
 * does not normalise is left out: it cannot equal an entry, which was normalised when it was
 * added.
 */
export function senderAddresses(sender: Pick<Sender, 'phone' | 'email'>): SenderAddresses {
  const phone = sender.phone ? normalizeContact('phone', sender.phone) : null;
  const email = sender.email ? normalizeContact('email', sender.email) : null;
  return {
    phones: phone?.ok ? [phone.value] : [],
    emails: email?.ok ? [email.value] : [],
  };
}

/** What ingest learns of a sender: the entry they match, and the client they already are. */
export type SenderCheck = { entryId: string | null; clientId: string | null; spam: boolean };

/**
 * The organization's blacklist entry this sender matches, if any (issue 18 item 4): their
 * identity in this channel, their phone or e-mail as the channel gave it, or a phone or e-mail of
 * the client that identity already belongs to. Read before anything of the message is stored;
 * the client found on the way, and whether it is marked as spam, come back with it so ingest
 * does not look again. One statement: every inbound message pays for it.
 */
export async function checkSender(scope: CommandScope, sender: Sender): Promise<SenderCheck> {
  const known = scope.tx
    .select({ clientId: clientContacts.clientId, spam: clients.spam })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .where(channelIdentity(sender.channelId, sender.externalId))
    .as('known');
  const { phones, emails } = senderAddresses(sender);
  const knownAddresses = scope.tx
    .select({ kind: clientContacts.kind, value: clientContacts.value })
    .from(clientContacts)
    .where(
      and(
        sql`${clientContacts.clientId} = ${known.clientId}`,
        inArray(clientContacts.kind, ['phone', 'email']),
      ),
    );
  const matches: SQL[] = [
    and(
      eq(blacklist.kind, 'channel'),
      eq(blacklist.channelId, sender.channelId),
      eq(blacklist.value, sender.externalId),
    ) as SQL,
    sql`(${blacklist.kind}, ${blacklist.value}) in (${knownAddresses})`,
  ];
  if (phones.length > 0)
    matches.push(and(eq(blacklist.kind, 'phone'), inArray(blacklist.value, phones)) as SQL);
  if (emails.length > 0)
    matches.push(and(eq(blacklist.kind, 'email'), inArray(blacklist.value, emails)) as SQL);
  const entry = scope.tx
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.orgId, scope.orgId), or(...matches)))
    .orderBy(blacklist.addedAt, blacklist.id)
    .limit(1);
  const [row] = await scope.tx
    .select({
      clientId: known.clientId,
      spam: known.spam,
      entryId: sql<string | null>`(${entry})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(known, sql`true`);
  return {
    entryId: row?.entryId ?? null,
    clientId: row?.clientId ?? null,
    spam: row?.spam ?? false,
  };
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
