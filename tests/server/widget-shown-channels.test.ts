import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { newId, SHOWN_CHANNELS_MAX, type WidgetConfig } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, login, otherOrganization, serverForSuite, type Suite } from './harness';
import { commandChecks } from './command-checks';
import { TestProvider, testAdapter } from './channel-test-provider';

const { run, refusal, expectOk } = commandChecks(async (suite: Suite) =>
  suite.server.database.db.select().from(t.channels).orderBy(t.channels.id),
);

/**
 * "Channels shown" of the site-chat widget (spec §3): the widget offers the organization's other
 * channels as links, as they are now, and a site chat can list only channels a customer can open.
 */
describe('the channels a site-chat widget shows', () => {
  const provider = new TestProvider();
  const suite = serverForSuite({ channelAdapters: { telegram: testAdapter(provider) } });
  let admin = '';
  const telegramId = newId();
  const mailId = newId();
  const siteId = newId();
  const token = `secret-token-${newId()}`;

  const general = (channelId: string, name: string) => ({
    channelId,
    name,
    teamId: suite.ids.support.id,
    notificationEmail: null,
    teamVisibility: false,
    active: true,
    ratingText: '',
    ratingBeforeEnd: false,
  });
  const siteSettings = (shownChannelIds: string[], title = 'Shop') => ({
    ...general(siteId, 'Shop site'),
    settings: { title, shownChannelIds },
    secrets: {},
  });
  const config = async (): Promise<WidgetConfig> => {
    const answer = await call(suite.server, 'GET', `/api/widget/${siteId}/config`);
    return answer.body.entity as WidgetConfig;
  };
  const setActive = async (channelId: string, active: boolean) => {
    expectOk(await run(suite, admin, 'channel.setActive', { channelId, active }));
  };

  beforeAll(async () => {
    await provider.start();
    admin = await login(suite.server, 'admin@demo.test');
    provider.bots.set(token, { id: newId(), username: 'shop_help_bot' });
    expectOk(
      await run(suite, admin, 'channel.create', {
        ...general(telegramId, 'Shop bot'),
        type: 'telegram',
        settings: {},
        secrets: { token },
      }),
    );
    // This suite has no mail server; a mailbox's own check is email-channel.test.ts's. The row is
    // what a connected mailbox stores.
    await suite.server.database.db.insert(t.channels).values({
      id: mailId,
      orgId: suite.ids.org.id,
      name: 'Shop mail',
      type: 'email',
      settings: {
        address: 'help@shop.example',
        login: 'help-login',
        receiveHost: 'imap.shop.example',
      },
      secrets: { password: 'mail-password' },
    });
    expectOk(
      await run(suite, admin, 'channel.create', {
        ...siteSettings([mailId, telegramId]),
        type: 'site_chat',
      }),
    );
  });
  afterAll(async () => {
    await provider.stop();
  });

  it('lists each shown channel with its link, in the chosen order, and nothing else of it', async () => {
    const answer = await call(suite.server, 'GET', `/api/widget/${siteId}/config`);
    expect((answer.body.entity as WidgetConfig).shownChannels).toEqual([
      { type: 'email', name: 'Shop mail', link: 'mailto:help@shop.example' },
      { type: 'telegram', name: 'Shop bot', link: 'https://t.me/shop_help_bot' },
    ]);
    const text = JSON.stringify(answer.body);
    for (const hidden of [token, 'mail-password', 'help-login', 'imap.shop.example', telegramId])
      expect(text).not.toContain(hidden);
  });

  it('tells the widget to open by itself once the site chat’s initial state is “open”', async () => {
    expect((await config()).initialState).toBe('closed');
    const open = siteSettings([mailId]);
    expectOk(
      await run(suite, admin, 'channel.update', {
        ...open,
        settings: { ...open.settings, initialState: 'open' },
      }),
    );
    expect(await config()).toMatchObject({
      initialState: 'open',
      shownChannels: [{ type: 'email' }],
    });
    expectOk(await run(suite, admin, 'channel.update', siteSettings([mailId, telegramId])));
    expect((await config()).initialState).toBe('closed');
  });

  it('drops a channel switched off, without an edit of the site chat, and shows it again when on', async () => {
    await setActive(telegramId, false);
    expect((await config()).shownChannels.map((shown) => shown.type)).toEqual(['email']);
    // The site chat can still be saved with the switched-off bot on its list.
    expectOk(
      await run(suite, admin, 'channel.update', siteSettings([mailId, telegramId], 'Shop!')),
    );
    expect(await config()).toMatchObject({ title: 'Shop!', shownChannels: [{ type: 'email' }] });
    await setActive(telegramId, true);
    expect((await config()).shownChannels.map((shown) => shown.type)).toEqual([
      'email',
      'telegram',
    ]);
  });

  it('refuses another organization’s channel and an unknown one as not found', async () => {
    const other = await otherOrganization(suite.server.database);
    const foreignId = newId();
    await suite.server.database.db.insert(t.channels).values({
      id: foreignId,
      orgId: other.id,
      name: 'Their bot',
      type: 'telegram',
      settings: { botUsername: 'their_help_bot' },
    });
    for (const id of [foreignId, newId()]) {
      const error = await refusal(suite, admin, 'channel.update', siteSettings([mailId, id]));
      expect(error).toMatchObject({
        name: 'CHANNEL_NOT_FOUND',
        params: { field: 'settings.shownChannelIds' },
      });
    }
    expect(JSON.stringify(await config())).not.toContain('their_help_bot');
  });

  it('refuses a channel without a customer link, and one newly listed while switched off', async () => {
    const error = await refusal(suite, admin, 'channel.update', siteSettings([siteId]));
    expect(error).toMatchObject({
      name: 'VALIDATION_FAILED',
      params: { field: 'settings.shownChannelIds' },
    });
    expectOk(await run(suite, admin, 'channel.update', siteSettings([mailId])));
    await setActive(telegramId, false);
    const off = await refusal(suite, admin, 'channel.update', siteSettings([mailId, telegramId]));
    expect(off.name).toBe('VALIDATION_FAILED');
    await setActive(telegramId, true);
  });

  it('refuses a list over the limit before anything is read', async () => {
    const many = Array.from({ length: SHOWN_CHANNELS_MAX + 1 }, () => newId());
    const error = await refusal(suite, admin, 'channel.update', siteSettings(many));
    expect(error).toMatchObject({
      name: 'VALIDATION_FAILED',
      params: { field: 'settings.shownChannelIds' },
    });
  });
});
