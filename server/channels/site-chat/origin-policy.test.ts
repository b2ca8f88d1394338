import { describe, expect, it } from 'vitest';
import { originVerdict } from './origin-policy';

describe('the widget origin policy', () => {
  const allowed = ['https://shop.example.com', 'http://localhost:3000'];

  it('a call without an Origin header is not a cross-origin one', () => {
    expect(originVerdict(undefined, 'chat.example.net', allowed)).toBe('none');
  });

  it('a listed origin is allowed however the browser spells it', () => {
    expect(originVerdict('https://shop.example.com', 'chat.example.net', allowed)).toBe('allowed');
    expect(originVerdict('https://SHOP.example.com:443', 'chat.example.net', allowed)).toBe(
      'allowed',
    );
    expect(originVerdict('http://localhost:3000', 'chat.example.net', allowed)).toBe('allowed');
  });

  it('another scheme, port or subdomain of a listed origin is another origin', () => {
    for (const origin of [
      'http://shop.example.com',
      'https://shop.example.com:8443',
      'https://evil.shop.example.com',
      'https://shop.example.com.evil.test',
      'http://localhost:3001',
    ])
      expect(originVerdict(origin, 'chat.example.net', allowed)).toBe('refused');
  });

  it('null and garbage are refused', () => {
    expect(originVerdict('null', 'chat.example.net', allowed)).toBe('refused');
    expect(originVerdict('https://shop.example.com/x', 'chat.example.net', allowed)).toBe(
      'refused',
    );
  });

  it('the server’s own origin is always allowed, behind a TLS proxy too', () => {
    expect(originVerdict('http://127.0.0.1:8080', '127.0.0.1:8080', [])).toBe('allowed');
    expect(originVerdict('https://chat.example.net', 'chat.example.net', [])).toBe('allowed');
    expect(originVerdict('http://chat.example.net', 'chat.example.net', [])).toBe('allowed');
    expect(originVerdict('http://chat.example.net:8080', 'chat.example.net', [])).toBe('refused');
    expect(originVerdict('http://127.0.0.1:8081', '127.0.0.1:8080', [])).toBe('refused');
    expect(originVerdict('http://127.0.0.1:8080', undefined, [])).toBe('refused');
  });
});
