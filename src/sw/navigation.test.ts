import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, servesAppShell } from './navigation';

describe('service worker navigations', () => {
  it('answers every path of the app with the app shell', () => {
    for (const path of [
      '/',
      '/admin',
      '/admin/chats',
      '/admin/chats?filter=assigned',
      '/admin/preferences/categories/template/0190b6c1-7c1e-7000-8000-000000000001',
      '/link-action/0190b6c1-7c1e-7000-8000-000000000001',
      '/not-found',
      '/apiary',
      '/admin/chats?q=a.b@example.com',
      '/admin/chats?next=/x/file.js',
    ]) {
      expect(servesAppShell(path), path).toBe(true);
    }
  });

  it('never answers /api: the socket, the bootstrap stream and commands go to the network', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api?x=1',
      '/api/sync/bootstrap',
      '/api/sync/live?after=10',
      '/api/commands',
      '/api/files/0190b6c1-7c1e-7000-8000-000000000001',
    ]) {
      expect(servesAppShell(path), path).toBe(false);
    }
  });

  it('leaves files to the network (or to the precache, which routes first)', () => {
    for (const path of [
      '/manifest.webmanifest',
      '/service-worker.js',
      '/icons/icon-192.png',
      '/assets/index-abc123.js?v=1',
      '/widget.js',
    ]) {
      expect(servesAppShell(path), path).toBe(false);
    }
  });

  it('is what the NavigationRoute matches', async () => {
    // Workbox reads `self` when it loads, as in a worker.
    (globalThis as { self?: unknown }).self ??= globalThis;
    const { NavigationRoute } = await import('workbox-routing');
    const route = new NavigationRoute(() => Promise.resolve(new Response('')), {
      denylist: [...NAVIGATION_DENYLIST],
    });
    const matches = (path: string, mode: RequestMode = 'navigate'): boolean => {
      const url = new URL(path, 'https://inbox.example');
      return Boolean(
        route.match({
          url,
          request: { mode } as Request,
          sameOrigin: true,
          event: {} as ExtendableEvent,
        }),
      );
    };
    expect(matches('/admin/chats')).toBe(true);
    expect(matches('/api/sync/bootstrap')).toBe(false);
    expect(matches('/admin/chats', 'cors')).toBe(false);
  });
});
