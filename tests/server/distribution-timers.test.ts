import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { customerWrites, serverForSuite } from './harness';
import { distributionTeam, roomyLicences } from './distribution-fixture';

/** The clock moves; the timer job decides each rule at its moment and not before. */
describe('distribution timers', () => {
  const suite = serverForSuite();
  roomyLicences(suite);

  /** Two operators of a team that takes back unanswered chats after 10 minutes; the first In work. */
  async function redistributingTeam() {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 2,
      team: { redistributionMinutes: 10 },
    });
    const first = team.operator(0);
    await team.ready(first);
    return { team, first, second: team.operator(1) };
  }

  it('takes an unanswered chat from its operator after the team’s minutes and gives it to someone else', async () => {
    const { team, first, second } = await redistributingTeam();
    const { chat } = await team.customer();
    expect(chat.operatorId).toBe(first.id);
    await team.ready(second);

    await team.advanceMinutes(9);
    expect((await team.chat(chat.id)).operatorId).toBe(first.id);
    await team.advanceMinutes(1);
    const moved = await team.chat(chat.id);
    expect(moved.operatorId).toBe(second.id);
    const history = await team.history(chat.id);
    expect(history.map((entry) => entry.kind)).toEqual([
      'created',
      'assigned',
      'unassigned',
      'assigned',
    ]);
    expect(history[2]?.data).toMatchObject({ operatorId: first.id, reason: 'no_reply' });
  });

  it('never takes a chat from an operator who answered', async () => {
    const { team, second } = await redistributingTeam();
    await team.ready(second);
    const { chat } = await team.customer();
    const holder = chat.operatorId;
    const token = team.operators.find((operator) => operator.id === holder)?.token ?? '';
    await team.advanceMinutes(5);
    await team.run(token, 'message.send', {
      chatId: chat.id,
      text: 'Looking into it',
      attachments: [],
    });
    await team.advanceMinutes(30);
    expect((await team.chat(chat.id)).operatorId).toBe(holder);
  });

  it('turns a waiting chat yellow, then red, and never back after an answer', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      channel: { halfExpiredMinutes: 5, expiredMinutes: 10 },
    });
    const operator = team.operator(0);
    const { chat } = await team.customer();
    await team.advanceMinutes(4);
    expect((await team.chat(chat.id)).expiry).toBe('none');
    await team.advanceMinutes(1);
    expect((await team.chat(chat.id)).expiry).toBe('half_expired');
    await team.advanceMinutes(5);
    expect((await team.chat(chat.id)).expiry).toBe('expired');
    await team.ready(operator);
    await team.run(operator.token, 'message.send', {
      chatId: chat.id,
      text: 'Sorry for the wait',
      attachments: [],
    });
    await team.advanceMinutes(30);
    expect((await team.chat(chat.id)).expiry).toBe('expired');
  });

  it('closes a chat whose customer went silent after the operator’s reply, with a rating link', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      team: { autoCloseMinutes: 15 },
    });
    const operator = team.operator(0);
    await team.ready(operator);
    const { chat, externalId } = await team.customer();
    await team.advanceMinutes(2);
    await team.run(operator.token, 'message.send', {
      chatId: chat.id,
      text: 'Done, anything else?',
      attachments: [],
    });
    await team.advanceMinutes(10);
    // The customer answers: the clock starts again from the operator's next reply.
    await customerWrites(
      suite.server,
      suite.ids.org.id,
      team.channelId,
      externalId,
      'One more thing',
    );
    await team.advanceMinutes(20);
    expect((await team.chat(chat.id)).status).toBe('assigned');
    await team.run(operator.token, 'message.send', {
      chatId: chat.id,
      text: 'Sure, done',
      attachments: [],
    });
    await team.advanceMinutes(14);
    expect((await team.chat(chat.id)).status).toBe('assigned');
    await team.advanceMinutes(1);
    const closed = await team.chat(chat.id);
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'client_inactivity' });
    const links = await suite.server.database.db
      .select()
      .from(t.ratingLinks)
      .where(eq(t.ratingLinks.chatId, chat.id));
    expect(links).toHaveLength(1);
  });

  it('closes an assigned chat where nobody wrote for the inactivity time', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 1,
      team: { inactivityMinutes: 30 },
    });
    const operator = team.operator(0);
    await team.ready(operator);
    const { chat } = await team.customer();
    await team.advanceMinutes(29);
    expect((await team.chat(chat.id)).status).toBe('assigned');
    await team.advanceMinutes(1);
    expect(await team.chat(chat.id)).toMatchObject({ status: 'closed', closeReason: 'inactivity' });
  });

  it('closes a chat left unattended in the queue after the team’s hours, without a rating link', async () => {
    const team = await distributionTeam(suite.server, suite.ids, {
      operators: 0,
      team: { unattendedCloseHours: 24 },
    });
    const { chat } = await team.customer();
    await team.advanceMinutes(24 * 60 - 1);
    expect((await team.chat(chat.id)).status).toBe('pending');
    await team.advanceMinutes(1);
    expect(await team.chat(chat.id)).toMatchObject({ status: 'closed', closeReason: 'unattended' });
    const links = await suite.server.database.db
      .select()
      .from(t.ratingLinks)
      .where(eq(t.ratingLinks.chatId, chat.id));
    expect(links).toHaveLength(0);
  });

  it('puts an operator with no activity on Break after their timeout, counting from their last command', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 1 });
    const operator = team.operator(0);
    await db.update(t.users).set({ autoBreakMinutes: 15 }).where(eq(t.users.id, operator.id));
    await team.ready(operator);
    const status = async () =>
      (await db.select().from(t.users).where(eq(t.users.id, operator.id)))[0]?.operatorStatus;
    await team.advanceMinutes(10);
    // Any command is activity: the timeout counts again from here.
    await team.run(operator.token, 'operator.setStatus', { status: 'in_work' });
    await team.advanceMinutes(14);
    expect(await status()).toBe('in_work');
    await team.advanceMinutes(1);
    expect(await status()).toBe('break');
    // On Break they receive nothing.
    const { chat } = await team.customer();
    expect(chat.status).toBe('pending');
  });

  describe('auto-replies', () => {
    const configure = async (channelId: string, waitMinutes: number) => {
      const { db } = suite.server.database;
      await db
        .update(t.channels)
        .set({ autoReplyWaitMinutes: waitMinutes })
        .where(eq(t.channels.id, channelId));
      await db.insert(t.autoReplies).values(
        (['greeting', 'operators_online', 'operators_offline', 'quality_assessment'] as const).map(
          (kind) => ({
            orgId: suite.ids.org.id,
            channelId,
            kind,
            text: `${kind} text`,
            buttons: kind === 'quality_assessment' ? ['1', '2', '3', '4', '5'] : [],
          }),
        ),
      );
    };

    it('greets once when the chat opens and, after the wait, says the operators are offline — once', async () => {
      const team = await distributionTeam(suite.server, suite.ids, { operators: 0 });
      await configure(team.channelId, 2);
      const { chat, externalId } = await team.customer();
      expect((await team.botMessages(chat.id)).map((m) => m.text)).toEqual(['greeting text']);
      await customerWrites(suite.server, suite.ids.org.id, team.channelId, externalId, 'Hello?');
      await team.advanceMinutes(1);
      expect(await team.botMessages(chat.id)).toHaveLength(1);
      await team.advanceMinutes(1);
      expect((await team.botMessages(chat.id)).map((m) => m.text)).toEqual([
        'greeting text',
        'operators_offline text',
      ]);
      await customerWrites(suite.server, suite.ids.org.id, team.channelId, externalId, 'Anyone?');
      await team.advanceMinutes(10);
      expect(await team.botMessages(chat.id)).toHaveLength(2);
    });

    it('says the operators are online when someone of the team is there, and asks for a rating at close', async () => {
      const team = await distributionTeam(suite.server, suite.ids, {
        operators: 1,
        team: { dialogLimit: 1 },
      });
      await configure(team.channelId, 5);
      const operator = team.operator(0);
      await team.ready(operator);
      const busy = (await team.customer()).chat;
      expect(busy.operatorId).toBe(operator.id);
      // A second customer waits in the queue while the operator is busy but online.
      const { chat } = await team.customer();
      expect(chat.status).toBe('pending');
      await team.advanceMinutes(5);
      expect((await team.botMessages(chat.id)).map((m) => m.text)).toEqual([
        'greeting text',
        'operators_online text',
      ]);
      await team.run(operator.token, 'message.send', {
        chatId: busy.id,
        text: 'Hi',
        attachments: [],
      });
      await team.run(operator.token, 'chat.close', { chatId: busy.id });
      const closing = await team.botMessages(busy.id);
      expect(closing.at(-1)).toMatchObject({
        text: 'quality_assessment text',
        buttons: ['1', '2', '3', '4', '5'],
      });
      expect(closing.filter((m) => m.text === 'quality_assessment text')).toHaveLength(1);
    });

    it('sends nothing when the organization lacks the auto-replies option', async () => {
      const { db } = suite.server.database;
      const team = await distributionTeam(suite.server, suite.ids, { operators: 0 });
      await configure(team.channelId, 1);
      const options = suite.ids.org.options;
      await db
        .update(t.organizations)
        .set({ options: options.filter((option) => option !== 'OPTION_AUTO_REPLIES') })
        .where(eq(t.organizations.id, suite.ids.org.id));
      try {
        const { chat } = await team.customer();
        await team.advanceMinutes(2);
        expect(await team.botMessages(chat.id)).toHaveLength(0);
      } finally {
        await db
          .update(t.organizations)
          .set({ options })
          .where(eq(t.organizations.id, suite.ids.org.id));
      }
    });
  });

  it('routes a returning customer to their last operator by a rule, when that operator can take it', async () => {
    const { db } = suite.server.database;
    const team = await distributionTeam(suite.server, suite.ids, { operators: 2 });
    const first = team.operator(0);
    const second = team.operator(1);
    await team.rule(
      'Returning customers to their operator',
      { chatStatus: 'repeat' },
      { kind: 'last_executor' },
    );
    await team.ready(first);
    const { chat, externalId } = await team.customer();
    expect(chat.operatorId).toBe(first.id);
    await team.run(first.token, 'chat.close', { chatId: chat.id });
    await team.ready(second);
    // Round robin alone would now pick the second operator.
    const again = await customerWrites(
      suite.server,
      suite.ids.org.id,
      team.channelId,
      externalId,
      'Me again',
    );
    expect(again.ok).toBe(true);
    const [latest] = await db
      .select()
      .from(t.chats)
      .where(and(eq(t.chats.clientId, chat.clientId), eq(t.chats.status, 'assigned')));
    expect(latest?.operatorId).toBe(first.id);
    const history = await team.history(latest?.id ?? '');
    expect(history[1]?.data).toMatchObject({ by: 'routing' });
  });
});
