import { describe, expect, it } from 'vitest';
import { openBotAction, webAddress } from './bot-action';

const answering =
  (status: number, body: unknown): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("a chat bot's page", () => {
  it('takes a link button to its address on the first opening only', async () => {
    const link = {
      kind: 'link',
      name: 'Prices',
      url: 'https://shop.example/p',
      organization: 'Acme',
    };
    expect(
      await openBotAction('id', answering(200, { entity: { ...link, firstUse: true } })),
    ).toEqual({
      kind: 'link',
      name: 'Prices',
      url: 'https://shop.example/p',
      organization: 'Acme',
    });
    expect(
      await openBotAction('id', answering(200, { entity: { ...link, firstUse: false } })),
    ).toEqual({ kind: 'used' });
  });

  it('says the message limit was reached, and tells an unknown page from a lost connection', async () => {
    expect(
      await openBotAction(
        'id',
        answering(200, { entity: { kind: 'limit', organization: 'Acme' } }),
      ),
    ).toEqual({ kind: 'limit', organization: 'Acme' });
    expect(await openBotAction('id', answering(404, { code: 'error' }))).toEqual({
      kind: 'missing',
    });
    expect(await openBotAction('id', answering(503, {}))).toEqual({ kind: 'unreachable' });
    expect(await openBotAction('id', () => Promise.reject(new TypeError('offline')))).toEqual({
      kind: 'unreachable',
    });
  });

  it('opens web addresses only', () => {
    expect(webAddress('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('data:text/html,hi')).toBeNull();
    expect(webAddress('not an address')).toBeNull();
  });
});
