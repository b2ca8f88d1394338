import { describe, expect, it } from 'vitest';
import type { Channel } from '../../protocol';
import {
  channelFormDefaults,
  channelRefusal,
  checkChannelForm,
  embedSnippet,
  secretIsSet,
  shownChannelChoices,
  toggleShownChannel,
} from './channel-form';

const ID = '0190a000-0000-7000-8000-000000000001';
const at = '2026-11-26T12:00:00.000Z';

const stored: Channel = {
  id: ID,
  name: 'Shop bot',
  type: 'telegram',
  active: true,
  teamId: null,
  notificationEmail: null,
  halfExpiredMinutes: null,
  expiredMinutes: null,
  autoReplyWaitMinutes: 1,
  settings: { botUsername: 'shop_help_bot' },
  secretsSet: ['token'],
  teamVisibility: false,
  ratingText: '',
  ratingBeforeEnd: false,
  createdAt: at,
  updatedAt: at,
};

const emailValues = () => {
  const values = channelFormDefaults('email', undefined);
  values.name = 'Support mail';
  values.secrets.password = 'secret';
  Object.assign(values.settings, {
    address: 'help@shop.example',
    login: 'help@shop.example',
    receiveHost: 'imap.shop.example',
    sendHost: 'smtp.shop.example',
    toAddresses: 'boss@shop.example',
    copyAddresses: 'archive@shop.example',
  });
  return values;
};

describe('the channel form', () => {
  it('refuses a non-numeric e-mail port before sending (spec §5)', () => {
    const values = emailValues();
    values.settings.receivePort = '99x';
    const checked = checkChannelForm(values, { channelId: ID, type: 'email', isNew: true });
    expect(checked).toEqual({
      ok: false,
      problems: { 'settings.receivePort': { kind: 'invalid' } },
    });
  });

  it('sends the e-mail settings with the addresses as To and Copy, the port as a number', () => {
    const checked = checkChannelForm(emailValues(), { channelId: ID, type: 'email', isNew: true });
    expect(checked).toMatchObject({
      ok: true,
      command: {
        type: 'channel.create',
        payload: {
          type: 'email',
          name: 'Support mail',
          secrets: { password: 'secret' },
          settings: {
            receivePort: '993',
            addresses: [
              { address: 'boss@shop.example', kind: 'to' },
              { address: 'archive@shop.example', kind: 'copy' },
            ],
          },
        },
      },
    });
  });

  it('wants a token for a new bot, but keeps a stored one when the box is left empty', () => {
    const fresh = channelFormDefaults('telegram', undefined);
    fresh.name = 'Shop bot';
    expect(checkChannelForm(fresh, { channelId: ID, type: 'telegram', isNew: true })).toEqual({
      ok: false,
      problems: { 'secrets.token': { kind: 'required' } },
    });
    const edit = channelFormDefaults('telegram', stored);
    expect(edit.secrets.token).toBe('');
    expect(secretIsSet(stored, 'token')).toBe(true);
    expect(checkChannelForm(edit, { channelId: ID, type: 'telegram', isNew: false })).toMatchObject(
      {
        ok: true,
        command: { type: 'channel.update', payload: { name: 'Shop bot', secrets: {} } },
      },
    );
  });

  it('shows a token the provider refused at the token box', () => {
    expect(
      channelRefusal({ name: 'SERVICE_ACCOUNT_INVALID_TOKEN' } as never, 'telegram').field,
    ).toBe('secrets.token');
    expect(channelRefusal({ name: 'SERVICE_ACCOUNT_DUPLICATE_NAME' } as never, 'email').field).toBe(
      'name',
    );
  });

  it('keeps the site chat’s allowed origins as a list, one per line', () => {
    const values = channelFormDefaults('site_chat', undefined);
    values.name = 'Website';
    values.settings.allowedOrigins = 'https://shop.example\n\n https://www.shop.example ';
    expect(
      checkChannelForm(values, { channelId: ID, type: 'site_chat', isNew: true }),
    ).toMatchObject({
      ok: true,
      command: {
        payload: {
          settings: { allowedOrigins: ['https://shop.example', 'https://www.shop.example'] },
        },
      },
    });
  });

  it('tells a site address that is not an origin before sending', () => {
    const values = channelFormDefaults('site_chat', undefined);
    values.name = 'Website';
    values.settings.allowedOrigins = 'shop.example/page';
    expect(checkChannelForm(values, { channelId: ID, type: 'site_chat', isNew: true })).toEqual({
      ok: false,
      problems: { 'settings.allowedOrigins': { kind: 'error', name: 'INVALID_ORIGIN_FORMAT' } },
    });
  });

  it('gives the site chat’s embed tag with this installation’s script and the channel', () => {
    expect(embedSnippet('https://inbox.example', ID)).toBe(
      `<script src="https://inbox.example/widget.js" data-channel="${ID}" async></script>`,
    );
  });

  describe('the site chat’s channels shown', () => {
    const SITE = '0190a000-0000-7000-8000-000000000051';
    const id = (n: number) => `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;
    const row = (n: number, patch: Partial<Channel>): Channel => ({
      ...stored,
      id: id(n),
      name: `Channel ${String(n)}`,
      ...patch,
    });
    const channels = [
      row(1, { name: 'Zeta bot', settings: { botUsername: 'zeta_help_bot' } }),
      row(2, { name: 'Mail', type: 'email', settings: { address: 'help@shop.example' } }),
      row(3, { name: 'Alpha bot', settings: { botUsername: 'alpha_help_bot' } }),
      row(4, { name: 'Old bot', active: false, settings: { botUsername: 'old_help_bot' } }),
      row(5, { name: 'Unchecked bot', settings: {} }),
      row(6, { name: 'Another site', type: 'site_chat', settings: {} }),
      { ...row(7, { type: 'site_chat', settings: {} }), id: SITE },
    ];

    it('offers the channels a customer can open, by type and name, never the site chat itself', () => {
      const choices = shownChannelChoices(channels, SITE, '');
      expect(choices.map((choice) => [choice.name, choice.link])).toEqual([
        ['Alpha bot', 'https://t.me/alpha_help_bot'],
        ['Zeta bot', 'https://t.me/zeta_help_bot'],
        ['Mail', 'mailto:help@shop.example'],
      ]);
    });

    it('keeps a switched-off channel on offer only while it is on the list', () => {
      const choices = shownChannelChoices(channels, SITE, id(4));
      expect(choices.find((choice) => choice.id === id(4))).toMatchObject({
        active: false,
        checked: true,
      });
    });

    it('keeps the list in the offered order, and an id this browser does not know as it was', () => {
      const unknown = '0190a000-0000-7000-8000-0000000009ff';
      const choices = shownChannelChoices(channels, SITE, `${id(2)}\n${unknown}`);
      const typed = toggleShownChannel(`${id(2)}\n${unknown}`, choices, id(1), true);
      expect(typed.split('\n')).toEqual([id(1), id(2), unknown]);
      expect(toggleShownChannel(typed, choices, id(2), false).split('\n')).toEqual([
        id(1),
        unknown,
      ]);
    });

    it('sends the checked ids as a list, and loads them back from a stored site chat', () => {
      const values = channelFormDefaults('site_chat', undefined);
      values.name = 'Website';
      values.settings.shownChannelIds = `${id(3)}\n${id(2)}`;
      expect(
        checkChannelForm(values, { channelId: SITE, type: 'site_chat', isNew: true }),
      ).toMatchObject({
        ok: true,
        command: { payload: { settings: { shownChannelIds: [id(3), id(2)] } } },
      });
      const site = {
        ...stored,
        type: 'site_chat' as const,
        settings: { shownChannelIds: [id(2)] },
      };
      expect(channelFormDefaults('site_chat', site).settings.shownChannelIds).toBe(id(2));
    });

    it('shows the server’s refusal of a listed channel at the choices', () => {
      const refusal = { name: 'CHANNEL_NOT_FOUND', params: { field: 'settings.shownChannelIds' } };
      expect(channelRefusal(refusal as never, 'site_chat').field).toBe('settings.shownChannelIds');
    });
  });
});
