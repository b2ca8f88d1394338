import { count, eq } from 'drizzle-orm';
import { OPTIONS, messagePreview, newId } from '../../src/protocol';
import type { Db } from '../db/database';
import * as t from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { defaultRuleRow } from '../domain/distribution/default-rule';
import { createBuiltInRoles } from './built-in-roles';
import { DEMO_COMPANY, DEMO_PROFILES, DEMO_STATUSES } from './demo-profiles';

export const DEMO_PASSWORD = 'Demo-pass-1!';
export const DEMO_LOGINS = [
  'admin@demo.test',
  'supervisor@demo.test',
  'operator@demo.test',
] as const;

const CLIENT_NAMES = [
  'Anna Petrova',
  'Boris Ivanov',
  'Clara Smith',
  'Dmitry Sokolov',
  'Emma Brown',
  'Fyodor Volkov',
  'Grace Lee',
  'Hannah Müller',
  'Igor Kuznetsov',
  'Julia Novak',
  'Kirill Orlov',
  'Laura Rossi',
  'Maxim Popov',
  'Nina Fedorova',
  'Oliver Jones',
  'Polina Morozova',
  'Quentin Blake',
  'Rita Lebedeva',
  'Sergey Kozlov',
  'Tanya Egorova',
];

const OPENERS = [
  'Hello! My order has not arrived yet, can you check it?',
  'Hi, how do I change the delivery address?',
  'Good afternoon, I was charged twice for one purchase.',
  'Do you have this jacket in size M?',
  'I cannot log in to my account.',
  'When will the store open on Sunday?',
  'Can I return an item bought online in a shop?',
  'Is there a discount for a second order?',
  'The app crashes when I open the cart.',
  'Please send me the invoice for my last order.',
];

/**
 * The demo organization of a first start: three logins, two teams, a site-chat channel, 20
 * clients and chats in every status, with time-stamps spread over the last hours so lists,
 * urgency colours and history look like a working day. The clients have their phones and e-mails
 * as contacts; a few carry tags, fields, comments, a company and the organization's own statuses
 * (demo-profiles.ts), so a newcomer's first chat shows a filled profile.
 */
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(t.organizations);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const orgId = newId();
    await tx.insert(t.organizations).values({
      id: orgId,
      login: 'demo',
      name: 'Demo',
      adminEmail: 'admin@demo.test',
      tariff: 'Advanced',
      tariffStartedAt: now,
      balance: '15000.00',
      licenseCount: 10,
      options: [...OPTIONS],
    });
    const roleIds = await createBuiltInRoles(tx, orgId);
    const support = newId();
    const sales = newId();
    await tx.insert(t.teams).values([
      {
        id: support,
        orgId,
        name: 'Support',
        description: 'Questions about orders, delivery and accounts',
        distributionMethod: 'round_robin',
        // Room for the demo operator's own chats and the new ones a demo visitor starts.
        dialogLimit: 10,
        redistributionMinutes: 10,
        autoCloseMinutes: 60,
        unattendedCloseHours: 24,
      },
      {
        id: sales,
        orgId,
        name: 'Sales',
        description: 'Product questions and new orders',
        distributionMethod: 'least_busy',
        dialogLimit: 8,
        redistributionMinutes: 15,
        autoCloseMinutes: 120,
        unattendedCloseHours: 48,
      },
    ]);
    const admin = newId();
    const supervisor = newId();
    const operator = newId();
    await tx.insert(t.users).values([
      {
        id: admin,
        orgId,
        email: 'admin@demo.test',
        name: 'Alice Admin',
        roleId: roleIds.Administrator,
        teamIds: [support, sales],
        passwordHash,
      },
      {
        id: supervisor,
        orgId,
        email: 'supervisor@demo.test',
        name: 'Sam Supervisor',
        roleId: roleIds.Supervisor,
        teamIds: [support, sales],
        passwordHash,
      },
      {
        id: operator,
        orgId,
        email: 'operator@demo.test',
        name: 'Oscar Operator',
        roleId: roleIds.Operator,
        teamIds: [support],
        passwordHash,
        // In work from the start (docs/people-and-access.md "The demo operator"): a newcomer's
        // first customer message reaches them once they sign in, without a hunt for the switch.
        // Distribution still needs them connected, so nothing is given to them before that.
        operatorStatus: 'in_work',
        autoBreakMinutes: 30,
      },
    ]);
    const channelId = newId();
    await tx.insert(t.channels).values({
      id: channelId,
      orgId,
      name: 'Website chat',
      type: 'site_chat',
      teamId: support,
      halfExpiredMinutes: 5,
      expiredMinutes: 15,
      settings: {
        welcomeMessage: 'Hi! How can we help you today?',
        title: 'Demo Store',
        subtitle: 'We usually answer within a few minutes',
        logoUrl: null,
      },
    });
    await tx
      .insert(t.routingRules)
      .values(defaultRuleRow({ id: channelId, orgId, teamId: support }, newId()));
    const delivery = newId();
    await tx.insert(t.requestCategories).values([
      { id: delivery, orgId, parentId: null, name: 'Delivery', teamIds: [] },
      { id: newId(), orgId, parentId: delivery, name: 'Late delivery', teamIds: [] },
      { id: newId(), orgId, parentId: delivery, name: 'Change of address', teamIds: [] },
      { id: newId(), orgId, parentId: null, name: 'Payments', teamIds: [] },
    ]);

    const greetings = newId();
    const shipping = newId();
    await tx.insert(t.templateCategories).values([
      { id: greetings, orgId, name: 'Greetings', teamIds: [] },
      { id: shipping, orgId, name: 'Delivery', teamIds: [support] },
    ]);
    await tx.insert(t.templates).values([
      {
        id: newId(),
        orgId,
        title: 'Hello',
        text: 'Hello! Thank you for contacting Demo Store. How can I help you?',
        categoryId: greetings,
        teamIds: [],
      },
      {
        id: newId(),
        orgId,
        title: 'One moment',
        text: 'Give me a moment, please: I am checking this for you.',
        categoryId: greetings,
        teamIds: [],
      },
      {
        id: newId(),
        orgId,
        title: 'Goodbye',
        text: 'Thank you for writing to us! Have a great day.',
        categoryId: greetings,
        teamIds: [],
      },
      {
        id: newId(),
        orgId,
        title: 'Tracking number',
        text: 'Your parcel has been handed to the courier. You will receive the tracking number by e-mail within an hour.',
        categoryId: shipping,
        teamIds: [support],
      },
      {
        id: newId(),
        orgId,
        title: 'Change of address',
        text: 'I can change the delivery address until the order leaves our warehouse. Please send me the new address.',
        categoryId: shipping,
        teamIds: [support],
      },
      {
        id: newId(),
        orgId,
        title: 'Discount for a second order',
        text: 'Your second order gets 10% off with the code SECOND10.',
        categoryId: null,
        teamIds: [sales],
      },
    ]);

    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const statusIds = new Map(DEMO_STATUSES.map((status) => [status.key, newId()]));
    await tx.insert(t.clientStatuses).values(
      DEMO_STATUSES.map((status) => ({
        id: statusIds.get(status.key) ?? newId(),
        orgId,
        name: status.name,
        colour: status.colour,
      })),
    );
    const companyId = newId();
    await tx.insert(t.companies).values({ id: companyId, orgId, ...DEMO_COMPANY });
    const authorOf = { operator, supervisor };
    // Status plan for the 20 chats: where each waits or who has it.
    const plan: {
      status: 'pending' | 'assigned' | 'closed';
      team: string;
      operatorId: string | null;
      age: number;
      expiry?: 'half_expired' | 'expired';
    }[] = [
      { status: 'pending', team: support, operatorId: null, age: 2 },
      { status: 'pending', team: support, operatorId: null, age: 7, expiry: 'half_expired' },
      { status: 'pending', team: support, operatorId: null, age: 25, expiry: 'expired' },
      { status: 'pending', team: sales, operatorId: null, age: 4 },
      { status: 'pending', team: sales, operatorId: null, age: 18, expiry: 'expired' },
      { status: 'assigned', team: support, operatorId: operator, age: 3 },
      { status: 'assigned', team: support, operatorId: operator, age: 9, expiry: 'half_expired' },
      { status: 'assigned', team: support, operatorId: operator, age: 40 },
      { status: 'assigned', team: support, operatorId: operator, age: 65 },
      { status: 'assigned', team: sales, operatorId: supervisor, age: 12 },
      { status: 'assigned', team: sales, operatorId: supervisor, age: 30 },
      { status: 'assigned', team: support, operatorId: admin, age: 50 },
    ];
    for (let i = plan.length; i < CLIENT_NAMES.length; i++) {
      plan.push({
        status: 'closed',
        team: i % 2 ? sales : support,
        operatorId: i % 3 ? operator : supervisor,
        age: 60 * (i - 10),
      });
    }
    for (const [i, name] of CLIENT_NAMES.entries()) {
      const step = plan[i];
      if (!step) continue;
      const clientId = newId();
      const opened = minutesAgo(step.age + 5);
      const phone = `+7900${String(1000000 + i * 7919).slice(0, 7)}`;
      const email = `${name.split(' ')[0]?.toLowerCase() ?? 'client'}@example.com`;
      const profile = DEMO_PROFILES[i] ?? {};
      await tx.insert(t.clients).values({
        id: clientId,
        orgId,
        name,
        phone,
        email,
        status: statusIds.get(profile.status ?? '') ?? profile.status ?? 'NEW',
        tags: profile.tags ?? [],
        fields: profile.fields ?? [],
        companyIds: profile.company ? [companyId] : [],
        createdAt: opened,
        updatedAt: opened,
      });
      // The identity they wrote from, and the phone and e-mail on the row as contacts too.
      await tx.insert(t.clientContacts).values(
        (
          [
            ['channel', `demo-visitor-${i + 1}`],
            ['phone', phone],
            ['email', email],
          ] as const
        ).map(([kind, value]) => ({
          id: newId(),
          kind,
          channelId: kind === 'channel' ? channelId : null,
          value,
          clientId,
          orgId,
          createdAt: opened,
        })),
      );
      for (const comment of profile.comments ?? [])
        await tx.insert(t.clientComments).values({
          id: newId(),
          orgId,
          clientId,
          authorId: authorOf[comment.by],
          text: comment.text,
          createdAt: minutesAgo(comment.minutesAgo),
        });
      const chatId = newId();
      const lastAt = minutesAgo(step.age);
      const answered = step.status !== 'pending';
      await tx.insert(t.chats).values({
        id: chatId,
        orgId,
        channelId,
        clientId,
        status: step.status,
        teamId: step.team,
        operatorId: step.operatorId,
        expiry: step.expiry ?? 'none',
        rating: step.status === 'closed' ? (i % 5) + 1 : null,
        lastMessageAt: lastAt,
        lastClientMessageAt: opened,
        lastOperatorMessageAt: answered ? lastAt : null,
        closedAt: step.status === 'closed' ? lastAt : null,
        // The monitoring's chat facts (docs/monitoring.md), as the history and messages below say.
        queuedAt: answered ? null : opened,
        assignedAt: answered && step.operatorId ? minutesAgo(step.age + 2) : null,
        unansweredSince: answered ? null : opened,
        firstReplyAt: answered && step.operatorId ? lastAt : null,
        firstReplyBy: answered ? step.operatorId : null,
        reactedAt: answered && step.operatorId ? lastAt : null,
        lastHumanOperatorId: answered ? step.operatorId : null,
        createdAt: opened,
        updatedAt: lastAt,
      });
      await tx.insert(t.chatHistory).values({
        id: newId(),
        orgId,
        chatId,
        kind: 'created',
        actorId: null,
        data: { channelId, teamId: step.team },
        at: opened,
      });
      const opener = {
        id: newId(),
        authorKind: 'client' as const,
        authorId: null,
        text: OPENERS[i % OPENERS.length] ?? 'Hello',
      };
      await tx
        .insert(t.messages)
        .values({ ...opener, orgId, chatId, status: 'delivered', createdAt: opened });
      let last: {
        id: string;
        authorKind: 'client' | 'operator';
        authorId: string | null;
        text: string;
        at: Date;
      } = { ...opener, at: opened };
      if (answered && step.operatorId) {
        await tx.insert(t.chatHistory).values({
          id: newId(),
          orgId,
          chatId,
          kind: 'assigned',
          actorId: step.operatorId,
          data: { operatorId: step.operatorId },
          at: minutesAgo(step.age + 2),
        });
        const reply = {
          id: newId(),
          authorKind: 'operator' as const,
          authorId: step.operatorId,
          text: 'Thank you for writing! Let me check that for you.',
        };
        await tx
          .insert(t.messages)
          .values({ ...reply, orgId, chatId, status: 'read', createdAt: lastAt });
        last = { ...reply, at: lastAt };
      }
      // The row says what the chat is about, as a message written now would make it say.
      await tx
        .update(t.chats)
        .set({
          lastMessagePreview: messagePreview({
            ...last,
            internal: false,
            attachments: [],
            createdAt: last.at.toISOString(),
          }),
        })
        .where(eq(t.chats.id, chatId));
      if (step.status === 'closed') {
        await tx.insert(t.chatHistory).values({
          id: newId(),
          orgId,
          chatId,
          kind: 'closed',
          actorId: step.operatorId,
          data: {},
          at: lastAt,
        });
      }
    }
  });
  return true;
}
