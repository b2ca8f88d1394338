import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AllowedOriginsSchema, allowedOriginsOf, normalizeOrigin, OriginSchema } from './origins';

describe('normalizeOrigin', () => {
  it.each([
    ['https://Shop.Example.COM', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['  https://shop.example.com  ', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://shop.example.com:80', 'http://shop.example.com'],
    ['http://shop.example.com:8080', 'http://shop.example.com:8080'],
    ['https://shop.example.com:80', 'https://shop.example.com:80'],
    ['HTTP://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['https://магазин.рф', 'https://xn--80aairftm.xn--p1ai'],
  ])('%s is the origin %s', (raw, origin) => {
    expect(normalizeOrigin(raw)).toBe(origin);
    expect(normalizeOrigin(origin)).toBe(origin);
  });

  it.each([
    '',
    'shop.example.com',
    '//shop.example.com',
    'https://shop.example.com/contact',
    'https://shop.example.com?x=1',
    'https://shop.example.com#top',
    'https://user:pass@shop.example.com',
    'https://*.example.com',
    'ftp://shop.example.com',
    'javascript:alert(1)',
    'null',
    'https://',
    'https://shop.example.com:99999',
    'https://shop_example.com',
    `https://${'a'.repeat(300)}.com`,
  ])('%s is not an origin', (raw) => {
    expect(normalizeOrigin(raw)).toBeNull();
  });
});

describe('the allowed origins of a channel', () => {
  it('a list is stored normalised, without repeats', () => {
    expect(
      v.parse(AllowedOriginsSchema, ['https://Shop.example.com/', 'https://shop.example.com']),
    ).toEqual(['https://shop.example.com']);
  });

  it('a bad origin is refused by name', () => {
    const result = v.safeParse(OriginSchema, 'https://shop.example.com/contact');
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('INVALID_ORIGIN_FORMAT');
  });

  it('stored settings that are not a list of origins count as none', () => {
    expect(allowedOriginsOf({})).toEqual([]);
    expect(allowedOriginsOf({ allowedOrigins: 'https://shop.example.com' })).toEqual([]);
    expect(
      allowedOriginsOf({ allowedOrigins: ['https://SHOP.example.com', 42, 'not an origin'] }),
    ).toEqual(['https://shop.example.com']);
  });
});
