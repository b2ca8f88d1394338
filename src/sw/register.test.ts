import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workbox, WorkboxLifecycleEvent } from 'workbox-window';
import {
  registerServiceWorker,
  requestOutboxSync,
  wireUpdateFlow,
  type ServiceWorkerCallbacks,
} from './register';

type FakeEvent = Partial<WorkboxLifecycleEvent> & { wasWaitingBeforeRegister?: boolean };
type Listener = (event: FakeEvent) => void;

/** A Workbox and a ServiceWorkerContainer reduced to the events the update flow listens to. */
function harness(controlled: boolean) {
  const listeners = new Map<string, Listener[]>();
  const on = (type: string, listener: Listener): void => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  };
  const emit = (type: string, event: FakeEvent = {}): void => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  const messageSkipWaiting = vi.fn();
  const wb = { addEventListener: on, messageSkipWaiting } as unknown as Pick<
    Workbox,
    'addEventListener' | 'messageSkipWaiting'
  >;
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    addEventListener: (type: string, listener: () => void) => {
      on(`container:${type}`, listener);
    },
  } as unknown as ServiceWorkerContainer;
  const reload = vi.fn();
  const callbacks = {
    onNeedRefresh: vi.fn<ServiceWorkerCallbacks['onNeedRefresh']>(),
    onOfflineReady: vi.fn(),
  };
  wireUpdateFlow({ wb, container, reload }, callbacks);
  return {
    emit,
    controllerChange: () => {
      emit('container:controllerchange');
    },
    messageSkipWaiting,
    reload,
    callbacks,
  };
}

describe('service worker update flow', () => {
  it('first install: offline-ready once, and taking control of the page reloads nothing', () => {
    const h = harness(false);
    h.emit('installed', { isExternal: false });
    h.emit('activated', { isExternal: false });
    h.controllerChange();
    expect(h.callbacks.onOfflineReady).toHaveBeenCalledTimes(1);
    expect(h.callbacks.onNeedRefresh).not.toHaveBeenCalled();
    expect(h.reload).not.toHaveBeenCalled();
  });

  it('an update waiting: the page is told, update() sends SKIP_WAITING, the takeover reloads once', () => {
    const h = harness(true);
    h.emit('installed', { isUpdate: true, isExternal: false });
    h.emit('waiting', { isUpdate: true, isExternal: false });
    expect(h.callbacks.onNeedRefresh).toHaveBeenCalledTimes(1);
    expect(h.messageSkipWaiting).not.toHaveBeenCalled();
    const update = h.callbacks.onNeedRefresh.mock.calls[0]?.[0];
    update?.();
    expect(h.messageSkipWaiting).toHaveBeenCalledTimes(1);
    h.emit('activated', { isUpdate: true, isExternal: false });
    h.controllerChange();
    h.controllerChange();
    expect(h.reload).toHaveBeenCalledTimes(1);
    expect(h.callbacks.onOfflineReady).not.toHaveBeenCalled();
  });

  it('an update accepted in another tab also reloads this one when the new worker takes control', () => {
    const h = harness(true);
    h.emit('waiting', { isExternal: true });
    h.controllerChange();
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('a page first controlled by clients.claim still reloads for a later update', () => {
    const h = harness(false);
    h.emit('activated', { isExternal: false });
    h.controllerChange();
    h.emit('waiting', { isExternal: true });
    h.controllerChange();
    expect(h.callbacks.onOfflineReady).toHaveBeenCalledTimes(1);
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('a version already waiting in an uncontrolled page (hard reload) is offered, not announced as offline-ready', () => {
    const h = harness(false);
    h.emit('waiting', { wasWaitingBeforeRegister: true });
    h.emit('activated', { isExternal: false });
    h.controllerChange();
    expect(h.callbacks.onNeedRefresh).toHaveBeenCalledTimes(1);
    expect(h.callbacks.onOfflineReady).not.toHaveBeenCalled();
    expect(h.reload).toHaveBeenCalledTimes(1);
  });
});

describe('registerServiceWorker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing outside production builds, even where service workers exist', async () => {
    const container = { controller: null, addEventListener: vi.fn(), register: vi.fn() };
    vi.stubGlobal('navigator', { serviceWorker: container, onLine: true });
    const callbacks = { onNeedRefresh: vi.fn(), onOfflineReady: vi.fn(), onRegisterError: vi.fn() };
    await expect(registerServiceWorker(callbacks)).resolves.toBeUndefined();
    expect(container.addEventListener).not.toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
    expect(callbacks.onRegisterError).not.toHaveBeenCalled();
  });
});

describe('requestOutboxSync', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('registers the sc-outbox-flush tag where Background Sync exists', async () => {
    const register = vi.fn(() => Promise.resolve());
    const getRegistration = vi.fn(() => Promise.resolve({ sync: { register } }));
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration } });
    await requestOutboxSync();
    expect(getRegistration).toHaveBeenCalledWith('/');
    expect(register).toHaveBeenCalledWith('sc-outbox-flush');
  });

  it('silently does nothing without Background Sync, without a registration, or when refused', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: () => Promise.resolve({}) } });
    await expect(requestOutboxSync()).resolves.toBeUndefined();
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: () => Promise.resolve(undefined) },
    });
    await expect(requestOutboxSync()).resolves.toBeUndefined();
    const refused = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: () => Promise.resolve({ sync: { register: refused } }) },
    });
    await expect(requestOutboxSync()).resolves.toBeUndefined();
    expect(refused).toHaveBeenCalledWith('sc-outbox-flush');
    vi.stubGlobal('navigator', {});
    await expect(requestOutboxSync()).resolves.toBeUndefined();
  });
});
