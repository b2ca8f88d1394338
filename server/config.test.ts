import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readConfig } from './config';

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset or empty', () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy(' , ')).toEqual([]);
  });

  it('takes addresses, CIDR ranges and named ranges, separated by commas', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.10,2001:db8::/32 ,::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
      '::1',
      'loopback',
    ]);
  });

  it.each([
    ['true'],
    ['*'],
    ['1'],
    ['10.0.0.0/33'],
    ['2001:db8::/129'],
    ['10.0.0.0/8/1'],
    ['10.0.0'],
    ['proxy.example.com'],
  ])('refuses %j at start, naming the setting', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY: /);
  });
});

describe('TELEGRAM_API_ROOT and PUBLIC_URL', () => {
  it('defaults to the public Bot API and no public address (channels poll)', () => {
    expect(readConfig({}).telegramApiRoot).toBe('https://api.telegram.org');
    expect(readConfig({}).publicUrl).toBeUndefined();
  });

  it('takes a local Bot API server and a public address, without a trailing slash', () => {
    const config = readConfig({
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      PUBLIC_URL: 'https://support.example.com/',
    });
    expect(config.telegramApiRoot).toBe('http://127.0.0.1:8081');
    expect(config.publicUrl).toBe('https://support.example.com');
  });

  it.each([['ftp://x'], ['not a url'], ['https://x/?token=1']])(
    'refuses %j at start, naming the setting',
    (value) => {
      expect(() => readConfig({ TELEGRAM_API_ROOT: value })).toThrow(/^TELEGRAM_API_ROOT /);
      expect(() => readConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL /);
    },
  );
});
