import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, command, login, sendCommands, serverForSuite, type Suite } from './harness';
import { commandChecks } from './command-checks';
import { TestProvider, testAdapter } from './channel-test-provider';

/** What a refused channel command must leave as it was: every channel, its health and rules. */
async function channelState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    channels: await db.select().from(t.channels).orderBy(t.channels.id),
    health: await db.select().from(t.channelHealth).orderBy(t.channelHealth.id),
    rules: (await db.select().from(t.routingRules)).length,
  };
}

const { run, refusal, expectOk } = commandChecks(channelState);

/**
 * Connecting and configuring channels: the provider is asked before anything is written, every
 * refusal is named and writes nothing, and secrets never reach a browser.
 */
describe('channel commands', () => {
  const provider = new TestProvider();
  const suite = serverForSuite({ channelAdapters: { telegram: testAdapter(provider) } });
  let admin = '';

  beforeAll(async () => {
    await provider.start();
    admin = await login(suite.server, 'admin@demo.test');
  });
  afterAll(async () => {
    await provider.stop();
  });

  const bot = (username = 'shop_bot') => {
    const token = `secret-token-${newId()}`;
    provider.bots.set(token, { id: newId(), username });
    return token;
  };

  const general = (overrides: Record<string, unknown> = {}) => ({
    channelId: newId(),
    name: `Telegram ${newId()}`,
    teamId: suite.ids.support.id,
    notificationEmail: null,
    teamVisibility: true,
    active: true,
    ratingText: 'Please rate us',
    ratingBeforeEnd: false,
    settings: {},
    ...overrides,
  });

  async function created(token = bot()) {
    const payload = { ...general(), type: 'telegram', secrets: { token } };
    expectOk(await run(suite, admin, 'channel.create', payload));
    return { ...payload, token };
  }

  it('connects a bot: the row names the bot and which secrets are set, never the token', async () => {
    const channel = await created();
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channel.channelId));
    expect(row).toMatchObject({
      type: 'telegram',
      teamVisibility: true,
      ratingText: 'Please rate us',
      settings: { botUsername: 'shop_bot' },
      secrets: { token: channel.token },
    });

    // Neither the bootstrap nor any synced change carries the token.
    const bootstrap = await call(suite.server, 'GET', '/api/sync/bootstrap', { token: admin });
    // NDJSON: the answer's text as it went over the wire.
    const text =
      typeof bootstrap.body === 'string' ? bootstrap.body : JSON.stringify(bootstrap.body);
    expect(text).toContain(channel.channelId);
    expect(text).toContain('"secretsSet":["token"]');
    expect(text).toContain('"table":"channelHealth"');
    expect(text).not.toContain(channel.token);
    const events = await suite.server.database.db.select().from(t.events);
    expect(JSON.stringify(events)).not.toContain(channel.token);
    const results = await suite.server.database.db.select().from(t.commandResults);
    expect(JSON.stringify(results)).not.toContain(channel.token);
  });

  it('refuses a token the provider does not know: "Incorrect token specified"', async () => {
    const error = await refusal(suite, admin, 'channel.create', {
      ...general(),
      type: 'telegram',
      secrets: { token: 'not-a-real-token' },
    });
    expect(error).toMatchObject({
      name: 'SERVICE_ACCOUNT_INVALID_TOKEN',
      params: { field: 'token' },
      message: 'Incorrect token specified',
    });
  });

  it('refuses a bot whose name does not end in "bot" (spec §5)', async () => {
    const error = await refusal(suite, admin, 'channel.create', {
      ...general(),
      type: 'telegram',
      secrets: { token: bot('shop_helper') },
    });
    expect(error.name).toBe('SERVICE_ACCOUNT_INVALID_FIELDS');
  });

  it('refuses a second channel with the same name, regardless of case', async () => {
    const first = await created();
    const error = await refusal(suite, admin, 'channel.create', {
      ...general({ name: first.name.toUpperCase() }),
      type: 'telegram',
      secrets: { token: bot() },
    });
    expect(error.name).toBe('SERVICE_ACCOUNT_DUPLICATE_NAME');
  });

  it('refuses a second channel on the same bot', async () => {
    const first = await created();
    const error = await refusal(suite, admin, 'channel.create', {
      ...general(),
      type: 'telegram',
      secrets: { token: first.token },
    });
    expect(error.name).toBe('SERVICE_ACCOUNT_EXISTS');
  });

  it('refuses a channel without a name, and a non-numeric e-mail port, before asking anyone', async () => {
    const asked = provider.checks.length;
    const unnamed = await refusal(suite, admin, 'channel.create', {
      ...general({ name: '  ' }),
      type: 'telegram',
      secrets: { token: bot() },
    });
    expect(unnamed).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'name' } });
    const port = await refusal(suite, admin, 'channel.create', {
      ...general(),
      type: 'email',
      settings: {
        receiveProtocol: 'imap',
        receiveHost: 'imap.example.com',
        receivePort: '99x',
        receiveSecurity: 'tls',
        sendHost: 'smtp.example.com',
        sendPort: 465,
        sendSecurity: 'tls',
        login: 'support',
        address: 'support@example.com',
        addresses: [],
      },
      secrets: { password: 'p' },
    });
    expect(port).toMatchObject({
      name: 'VALIDATION_FAILED',
      params: { field: 'settings.receivePort' },
    });
    expect(provider.checks.length).toBe(asked);
  });

  it('refuses a type this installation has no adapter for', async () => {
    const error = await refusal(suite, admin, 'channel.create', {
      ...general(),
      type: 'email',
      settings: {
        receiveProtocol: 'imap',
        receiveHost: 'imap.example.com',
        receivePort: '993',
        receiveSecurity: 'tls',
        sendHost: 'smtp.example.com',
        sendPort: 465,
        sendSecurity: 'tls',
        login: 'support',
        address: 'support@example.com',
        addresses: [{ address: 'boss@example.com', kind: 'copy' }],
      },
      secrets: { password: 'secret' },
    });
    expect(error.name).toBe('CHANNEL_SERVICE_NOT_FOUND');
  });

  it('refuses staff without the service-account right, without asking the provider', async () => {
    const asked = provider.checks.length;
    const error = await refusal(suite, suite.operator, 'channel.create', {
      ...general(),
      type: 'telegram',
      secrets: { token: bot() },
    });
    expect(error.name).toBe('ACCESS_DENIED');
    expect(provider.checks.length).toBe(asked);
  });

  it('keeps the stored token when a save types none, and does not ask the provider', async () => {
    const channel = await created();
    const asked = provider.checks.length;
    expectOk(
      await run(suite, admin, 'channel.update', {
        ...general({ channelId: channel.channelId, name: 'Renamed bot', teamVisibility: false }),
        secrets: {},
      }),
    );
    expect(provider.checks.length).toBe(asked);
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channel.channelId));
    expect(row).toMatchObject({
      name: 'Renamed bot',
      teamVisibility: false,
      secrets: { token: channel.token },
      settings: { botUsername: 'shop_bot' },
    });
  });

  it('refuses a new token of another bot for an existing channel', async () => {
    const channel = await created();
    const error = await refusal(suite, admin, 'channel.update', {
      ...general({ channelId: channel.channelId, name: channel.name }),
      secrets: { token: bot() },
    });
    expect(error.name).toBe('TOKEN_NOT_FROM_CURRENT_BOT');
  });

  it('takes a new token of the same bot', async () => {
    const channel = await created();
    const [row] = await suite.server.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.id, channel.channelId));
    const again = `secret-token-${newId()}`;
    provider.bots.set(again, { id: row?.providerIdentity ?? '', username: 'shop_bot' });
    expectOk(
      await run(suite, admin, 'channel.update', {
        ...general({ channelId: channel.channelId, name: channel.name }),
        secrets: { token: again },
      }),
    );
    const [updated] = await suite.server.database.db
      .select({ secrets: t.channels.secrets })
      .from(t.channels)
      .where(eq(t.channels.id, channel.channelId));
    expect(updated?.secrets).toEqual({ token: again });
  });

  it('answers another organization’s or an unknown channel as not found', async () => {
    const error = await refusal(suite, admin, 'channel.update', {
      ...general(),
      secrets: {},
    });
    expect(error.name).toBe('CHANNEL_NOT_FOUND');
    const off = await refusal(suite, admin, 'channel.setActive', {
      channelId: newId(),
      active: false,
    });
    expect(off.name).toBe('CHANNEL_NOT_FOUND');
  });

  it('turns a channel off and on', async () => {
    const channel = await created();
    const [result] = await sendCommands(suite.server, admin, [
      command('channel.setActive', { channelId: channel.channelId, active: false }),
    ]);
    expectOk(result ?? { id: '', ok: false, error: { name: 'UNKNOWN_ERROR' } });
    const [row] = await suite.server.database.db
      .select({ active: t.channels.active })
      .from(t.channels)
      .where(eq(t.channels.id, channel.channelId));
    expect(row?.active).toBe(false);
  });
});
