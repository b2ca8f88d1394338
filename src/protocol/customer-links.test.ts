import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  customerLinkOf,
  SHOWN_CHANNELS_MAX,
  ShownChannelIdsSchema,
  shownChannelIdsOf,
  widgetShownChannels,
} from './customer-links';

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('the customer link of a channel', () => {
  it.each([
    ['telegram', { botUsername: 'shop_help_bot' }, 'https://t.me/shop_help_bot'],
    ['email', { address: 'help@shop.example', login: 'x' }, 'mailto:help@shop.example'],
    // The stored address is the normalised one; one written by hand is read the same way.
    ['email', { address: ' Help@Shop.Example ' }, 'mailto:help@shop.example'],
  ])('a %s channel with %j links to %s', (type, settings, link) => {
    expect(customerLinkOf({ type, settings })).toBe(link);
  });

  it.each([
    ['telegram', {}],
    ['telegram', { botUsername: '' }],
    ['telegram', { botUsername: 'evil.example/x' }],
    ['telegram', { botUsername: 'abc' }],
    ['telegram', { botUsername: 42 }],
    ['email', {}],
    ['email', { address: 'not an address' }],
    ['email', { address: 'a@b.example?subject=x' }],
    ['site_chat', { title: 'Shop' }],
    ['whatsapp', { phone: '79990000000' }],
  ])('a %s channel with %j has none', (type, settings) => {
    expect(customerLinkOf({ type, settings })).toBeNull();
  });
});

describe('shown channel ids', () => {
  it('drops repeats and refuses a list over the limit or an id that is not one', () => {
    expect(v.parse(ShownChannelIdsSchema, [id(1), id(2), id(1)])).toEqual([id(1), id(2)]);
    const tooMany = Array.from({ length: SHOWN_CHANNELS_MAX + 1 }, (_, n) => id(n + 1));
    expect(v.safeParse(ShownChannelIdsSchema, tooMany).success).toBe(false);
    expect(v.safeParse(ShownChannelIdsSchema, ['telegram']).success).toBe(false);
  });

  it('reads a stored row leniently: anything that is not a list of ids counts as none', () => {
    expect(shownChannelIdsOf({})).toEqual([]);
    expect(shownChannelIdsOf({ shownChannelIds: 'x' })).toEqual([]);
    expect(shownChannelIdsOf({ shownChannelIds: [id(1), 7, 'x', id(1), id(2)] })).toEqual([
      id(1),
      id(2),
    ]);
  });
});

describe('the widget’s shown channels', () => {
  const row = (n: number, type: string, settings: Record<string, unknown>, active = true) => ({
    id: id(n),
    type,
    name: `Channel ${String(n)}`,
    active,
    settings,
  });
  const rows = [
    row(1, 'telegram', { botUsername: 'shop_help_bot' }),
    row(2, 'email', { address: 'help@shop.example', receiveHost: 'imap.shop.example' }),
    row(3, 'telegram', { botUsername: 'old_shop_bot' }, false),
    row(4, 'site_chat', {}),
    row(5, 'telegram', {}),
  ];

  it('lists the active channels with a link, in the order the administrator chose', () => {
    expect(widgetShownChannels([id(2), id(1)], rows)).toEqual([
      { type: 'email', name: 'Channel 2', link: 'mailto:help@shop.example' },
      { type: 'telegram', name: 'Channel 1', link: 'https://t.me/shop_help_bot' },
    ]);
  });

  it('leaves out a switched-off, removed or linkless channel, and never tells other settings', () => {
    const shown = widgetShownChannels([id(3), id(9), id(4), id(5), id(2)], rows);
    expect(shown).toEqual([{ type: 'email', name: 'Channel 2', link: 'mailto:help@shop.example' }]);
    expect(JSON.stringify(shown)).not.toContain('imap');
  });
});
