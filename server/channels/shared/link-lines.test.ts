import { describe, expect, it } from 'vitest';
import { withLinkLines, type LinkButton } from './link-lines';

const site: LinkButton = {
  name: 'Our prices',
  actionId: '0190a7e6-3c4b-7d2e-8f00-000000000001',
  kind: 'link',
  url: 'https://shop.example/prices',
};
const limit: LinkButton = {
  name: 'Why?',
  actionId: '0190a7e6-3c4b-7d2e-8f00-000000000002',
  kind: 'limit',
  url: '',
};

describe('a bot message link buttons as lines', () => {
  it('points each button at its once-usable page on the public address', () => {
    expect(withLinkLines('See here', [site, limit], 'https://inbox.example/')).toBe(
      'See here\n\nOur prices: https://inbox.example/bot-action/0190a7e6-3c4b-7d2e-8f00-000000000001\n' +
        'Why?: https://inbox.example/bot-action/0190a7e6-3c4b-7d2e-8f00-000000000002',
    );
  });

  it('without a public address, gives the button its own address and leaves the limit page out', () => {
    expect(withLinkLines('See here', [site, limit], null)).toBe(
      'See here\n\nOur prices: https://shop.example/prices',
    );
    expect(withLinkLines('Limit reached', [limit], null)).toBe('Limit reached');
  });

  it('keeps a text without links as it is, and a message of links only without a blank head', () => {
    expect(withLinkLines('Hello', [], 'https://inbox.example')).toBe('Hello');
    expect(withLinkLines('', [site], null)).toBe('Our prices: https://shop.example/prices');
  });
});
