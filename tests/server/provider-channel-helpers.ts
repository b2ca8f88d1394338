import { afterAll, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChannelAdapter } from '../../server/channels/adapter';
import { channelAdapters, type AdapterEnvironment } from '../../server/channels/registry';
import * as t from '../../server/db/schema';
import type { PipelineDeps } from '../../server/channels/pipeline/pipeline-deps';
import { startChannelWorkers, type ChannelWorkers } from '../../server/channels/pipeline/workers';
import { newId } from '../../src/protocol';
import { call, command, login, sendCommands, serverForSuite, type Suite } from './harness';

/**
 * What the tests of a provider's channel through the whole server share (Telegram, WhatsApp, …):
 * the pipeline's dependencies as the server builds them, its workers with quick rounds, a wait for
 * what they do in the background, and a customer's stored messages in a channel.
 */

export const pipelineDeps = (suite: Suite): PipelineDeps => ({
  database: suite.server.database,
  clock: suite.server.clock,
  wake: (orgId) => {
    suite.server.context.hub.wake(orgId);
  },
  adapters: suite.server.context.adapters,
});

/**
 * The pipeline's workers as the server runs them (main.ts): with a public address the receivers
 * register webhooks, without one they poll. Quick rounds, so a test waits little.
 */
export const channelWorkers = (suite: Suite, publicUrl: string | null): ChannelWorkers =>
  startChannelWorkers(pipelineDeps(suite), { publicUrl, everyMs: 20, superviseMs: 0 });

/** Waits for what the workers do in the background; the test's own timeout bounds it. */
export async function until(
  done: () => boolean | Promise<boolean>,
  tick = () => {},
): Promise<void> {
  while (!(await done())) {
    tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A customer's messages in a channel (by their id there), with their chats, oldest first. */
export function customerMessages(suite: Suite, channelId: string, externalId: string) {
  return suite.server.database.db
    .select({ chat: t.chats, message: t.messages })
    .from(t.messages)
    .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
    .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
    .where(
      and(
        eq(t.chats.channelId, channelId),
        eq(t.clientContacts.channelId, channelId),
        eq(t.clientContacts.value, externalId),
      ),
    )
    .orderBy(t.messages.createdAt);
}

/**
 * An administrator connects a provider's channel of the demo's Support team, with its per-type
 * settings and secrets; the command's result, and the admin's token for more commands.
 */
export async function connectChannel(
  suite: Suite,
  type: string,
  name: string,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
) {
  const admin = await login(suite.server, 'admin@demo.test');
  const channelId = newId();
  const [result] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId,
      type,
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings,
      secrets,
    }),
  ]);
  return { admin, channelId, result };
}

/** A message's delivery status as stored, or undefined when there is no such message. */
export async function messageStatus(suite: Suite, messageId: string) {
  const [message] = await suite.server.database.db
    .select({ status: t.messages.status })
    .from(t.messages)
    .where(eq(t.messages.id, messageId));
  return message?.status;
}

/** The channel's greeting switched on with answers to offer: what the buttons tests send. */
export async function greetWithButtons(
  suite: Suite,
  admin: string,
  channelId: string,
  text: string,
  buttons: string[],
): Promise<void> {
  const [saved] = await sendCommands(suite.server, admin, [
    command('autoReplies.save', {
      channelId,
      waitMinutes: 5,
      replies: [{ kind: 'greeting', enabled: true, text, buttons, attachments: [] }],
    }),
  ]);
  if (!saved?.ok) throw new Error(`the greeting was not saved: ${JSON.stringify(saved)}`);
}

/**
 * A server for the enclosing file whose adapters speak to a local provider, made once the server's
 * address is known (replies' files and app-level callbacks name it), and the provider, started
 * before the file's tests and closed after them.
 */
export function providerSuite<P extends { url: string; close(): Promise<void> }>(
  startProvider: () => Promise<P>,
  envOf: (provider: P, baseUrl: string) => AdapterEnvironment,
  afterStart?: (provider: P, baseUrl: string) => Promise<void>,
): { suite: Suite; provider: () => P } {
  let provider: P | undefined;
  const adapters: Record<string, ChannelAdapter> = {};
  const suite = serverForSuite({ channelAdapters: adapters });
  beforeAll(async () => {
    provider = await startProvider();
    Object.assign(adapters, channelAdapters(envOf(provider, suite.server.baseUrl)));
    await afterStart?.(provider, suite.server.baseUrl);
  });
  afterAll(() => provider?.close());
  return {
    suite,
    provider: () => {
      if (!provider) throw new Error('the local provider is not up yet');
      return provider;
    },
  };
}

/** A reply's delivery job as stored, or undefined. */
export async function deliveryJob(suite: Suite, messageId: string) {
  const [job] = await suite.server.database.db
    .select()
    .from(t.channelDeliveries)
    .where(eq(t.channelDeliveries.messageId, messageId));
  return job;
}

/** The general fields of a channel of the demo's Support team, as its wizard sends them. */
export const generalFields = (suite: Suite, channelId: string, name: string) => ({
  channelId,
  name,
  teamId: suite.ids.support.id,
  notificationEmail: null,
  teamVisibility: true,
  active: true,
  ratingText: '',
  ratingBeforeEnd: false,
  settings: {},
});

/**
 * One sign-in at a provider from a channel's wizard (docs/channels.md "Authorised channels"): the
 * sign-in is started as the wizard starts it, `consent` answers the provider's page as the person
 * there would (the URL the browser is sent back to), and the product's callback sends them on.
 * Answers the wizard's address they came back to.
 */
export async function signInAt(
  suite: Suite,
  admin: string,
  body: { type: string; channelId: string; returnTo: string; from?: string; choice?: string },
  consent: (authorizeUrl: string) => string,
): Promise<URL> {
  const started = await call(suite.server, 'POST', '/api/channel-authorizations', {
    token: admin,
    body,
  });
  const entity = (started.body as { entity?: { authorizeUrl?: string } }).entity;
  if (!entity?.authorizeUrl) throw new Error(`no sign-in: ${JSON.stringify(started.body)}`);
  const back = await fetch(consent(entity.authorizeUrl), { redirect: 'manual' });
  if (back.status !== 303) throw new Error(`the callback answered ${String(back.status)}`);
  return new URL(back.headers.get('location') ?? '', suite.server.baseUrl);
}

/** A customer's chat in a channel, once their first message is stored. */
export async function chatOfCustomer(suite: Suite, channelId: string, externalId: string) {
  await until(async () => (await customerMessages(suite, channelId, externalId)).length > 0);
  const [row] = await customerMessages(suite, channelId, externalId);
  if (!row) throw new Error('no chat');
  return row.chat;
}

/** What a customer wrote in a channel, oldest first (the channel's auto-replies left out). */
export const customerTexts = async (suite: Suite, channelId: string, externalId: string) =>
  (await customerMessages(suite, channelId, externalId))
    .filter((entry) => entry.message.authorKind === 'client')
    .map((entry) => entry.message.text);

/**
 * Both sign-ins of a two-step provider (VK, Facebook) as the wizard makes them: the first lists
 * what the person may connect, the second is for `choice`. `signIn` is the test's own sign-in
 * (`signInAt` with its provider's consent). Answers the grant the save names.
 */
export async function twoStepGrant(
  signIn: (pick?: { from: string; choice: string }) => Promise<URL>,
  choice: string,
): Promise<string> {
  const first = await signIn();
  const from = first.searchParams.get('authorization') ?? '';
  const second = await signIn({ from, choice });
  return second.searchParams.get('authorization') ?? '';
}
