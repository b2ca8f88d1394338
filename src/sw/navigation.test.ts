import { describe, expect, it } from 'vitest';
import { servesAppShell } from './navigation';

const ORIGIN = 'https://inbox.example';
const navigation = (path: string, mode: RequestMode = 'navigate', sameOrigin = true) =>
  servesAppShell({ url: new URL(path, ORIGIN), request: { mode }, sameOrigin });

describe('service worker navigations', () => {
  it('answers every address of the app with the app shell', () => {
    for (const path of [
      '/',
      '/?lang=rus',
      '/admin',
      '/admin/',
      '/admin/chats',
      '/admin/chats?filter=assigned',
      '/admin/chats?q=a.b@example.com',
      '/admin/chats?next=/x/file.js',
      '/admin/users/edit?id=123',
      '/admin/preferences/categories/template/0190b6c1-7c1e-7000-8000-000000000001',
      '/admin/no-such-screen',
      '/link-action/0190b6c1-7c1e-7000-8000-000000000001',
      '/bot-action/0190b6c1-7c1e-7000-8000-000000000001',
      '/registration/phone-confirmation/abc',
      '/restore',
      '/signup?token=abc',
      '/not-found',
      '/service-unavailable',
      '/unknown-error',
      '/no-rights',
      '/success',
      '/already-used',
    ]) {
      expect(navigation(path), path).toBe(true);
    }
  });

  it("leaves the server's own pages and files to the network", () => {
    for (const path of [
      '/demo/site',
      '/demo/site?x=1',
      '/demo',
      '/api',
      '/api/',
      '/api?x=1',
      '/api/sync/bootstrap',
      '/api/sync/live?after=10',
      '/api/commands',
      '/api/files/0190b6c1-7c1e-7000-8000-000000000001',
      '/api/public/rating/0190b6c1-7c1e-7000-8000-000000000001',
      '/widget.js',
      '/manifest.webmanifest',
      '/service-worker.js',
      '/icons/icon-192.png',
      '/assets/index-abc123.js?v=1',
      '/apiary',
      '/administrator',
      '/admins/chats',
      '/index.html',
      '/no-such-page',
    ]) {
      expect(navigation(path), path).toBe(false);
    }
  });

  it('answers navigations only: a script or fetch of an app address goes to the network', () => {
    expect(navigation('/admin/chats', 'cors')).toBe(false);
    expect(navigation('/admin/chats', 'same-origin')).toBe(false);
    expect(navigation('/admin/chats', 'no-cors')).toBe(false);
  });

  it('answers its own origin only', () => {
    expect(navigation('/admin/chats', 'navigate', false)).toBe(false);
  });

  it('is what the Workbox route registered with it matches', async () => {
    // Workbox reads `self` when it loads, as in a worker.
    (globalThis as { self?: unknown }).self ??= globalThis;
    const { Route } = await import('workbox-routing');
    const route = new Route(servesAppShell, () => Promise.resolve(new Response('')));
    const matches = (path: string) =>
      Boolean(
        route.match({
          url: new URL(path, ORIGIN),
          request: { mode: 'navigate' } as Request,
          sameOrigin: true,
          event: {} as ExtendableEvent,
        }),
      );
    expect(matches('/admin/chats')).toBe(true);
    expect(matches('/demo/site')).toBe(false);
    expect(route.method).toBe('GET');
  });
});
