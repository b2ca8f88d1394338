import { describe, expect, it } from 'vitest';
import { parseHttpUrl, parseTrustProxy, readConfig } from './config';

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

describe('PUBLIC_URL', () => {
  it('is unset by default (channels poll)', () => {
    expect(readConfig({}).publicUrl).toBeNull();
  });

  it('is an http(s) address, kept without a trailing slash', () => {
    expect(readConfig({ PUBLIC_URL: 'https://support.example.com/' }).publicUrl).toBe(
      'https://support.example.com',
    );
  });

  it.each([['ftp://x'], ['not a url'], ['https://x/?token=1']])(
    'refuses %j at start, naming the setting',
    (value) => {
      expect(() => readConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL /);
      expect(() => parseHttpUrl('TELEGRAM_API_ROOT', value)).toThrow(/^TELEGRAM_API_ROOT /);
    },
  );
});
