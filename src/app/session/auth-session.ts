import type { CurrentUser } from '../../protocol';
import type { InboxDb } from '../../store';
import type { SyncHandle } from '../../sync/sync-client';
import type { SyncSession } from '../../sync/sync-state';
import type { ApiClient } from '../../ui/http';
import { loadCurrentUser } from './current-user';
import { followOtherTabs } from '../../ui/session-token';
import type { SessionStorage } from './session-storage';
import { SyncView } from './sync-view';

/** A signed-in user with their local database and running sync engine. */
export type ActiveSession = {
  token: string;
  user: CurrentUser;
  db: InboxDb;
  sync: SyncHandle;
  syncView: SyncView;
};

/**
 * Where opening the workspace ends: a running session, Login (no token, or the server refused
 * it), or no server to ask and no user kept from before (the token stays for the next try).
 */
export type SessionOutcome =
  { kind: 'active'; session: ActiveSession } | { kind: 'signed-out' } | { kind: 'unreachable' };

/** The local database and the sync worker: what a running session needs beyond the page. */
export type SessionRuntime = {
  openStore: (orgId: string, userId: string) => Promise<InboxDb>;
  deleteStore: (orgId: string, userId: string) => Promise<void>;
  /** Starts the sync worker for the session whose store is `db`. */
  startSync: (session: SyncSession, db: InboxDb) => SyncHandle;
  /** The sync worker's saved copy of the session, kept for the service worker's Background Sync flush. */
  forgetWorkerSession: () => Promise<void>;
};

/** What the session needs from the browser; tests give fakes. */
export type AuthSessionDeps = {
  api: ApiClient;
  storage: SessionStorage;
  baseUrl: string;
  isStandalone: () => boolean;
  /** Loaded when first needed: Login does without IndexedDB and the sync engine (DESIGN §6). */
  runtime: () => Promise<SessionRuntime>;
  /** A full page load at Login (spec §8: 401 "goes to Login and reloads"). */
  reloadAtLogin: () => void;
  /** The user's rights or options changed on the server: guards and menu must be evaluated again. */
  onUserChanged: () => void;
};

/**
 * The session of spec §4: no token means Login; with a token the current user is loaded, and a
 * failure removes the token. One instance per page; the /admin route asks it for the session.
 */
export class AuthSession {
  private active: ActiveSession | null = null;
  private starting: Promise<SessionOutcome> | null = null;
  private expiring = false;

  constructor(private readonly deps: AuthSessionDeps) {}

  hasToken(): boolean {
    return this.deps.storage.readToken() !== null;
  }

  signIn(token: string): void {
    this.deps.storage.storeToken(token);
  }

  /** The running session, started on first use. */
  async ensure(): Promise<SessionOutcome> {
    const token = this.deps.storage.readToken();
    if (!token) return { kind: 'signed-out' };
    if (this.active?.token === token) return { kind: 'active', session: this.active };
    this.starting ??= this.start(token).finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /**
   * Spec §8 on 401 (also the sync engine's authLost): the token goes and the page reloads at
   * Login. The local database stays: its outbox is sent after the next sign-in.
   */
  expire(): void {
    if (this.expiring) return;
    this.expiring = true;
    this.deps.storage.forget();
    void this.forgetWorkerSession().finally(() => {
      this.deps.reloadAtLogin();
    });
  }

  /** Log out (spec §2 menu): end the server session, stop sync, delete the local database, forget the token. */
  async signOut(): Promise<void> {
    const token = this.deps.storage.readToken();
    const active = this.active;
    this.active = null;
    this.deps.storage.forget();
    // Best effort: offline, the server session simply ages out, and this browser forgets it now.
    if (token)
      await this.deps.api.request('POST', '/api/auth/acc/logout', { body: { token }, raw: true });
    if (active) await this.stopRuntime(active, { deleteStore: true });
    await this.forgetWorkerSession();
  }

  /**
   * A fresh copy of the signed-in user that a screen received from the server (the profile's
   * save answers with it): kept for the next start and shown at once, as a revalidation would.
   * A copy for anyone else (the session changed meanwhile) is ignored.
   */
  acceptUser(user: CurrentUser): void {
    const active = this.active;
    if (active?.user.id !== user.id || this.deps.storage.readToken() !== active.token) return;
    this.deps.storage.storeCachedUser(user);
    if (JSON.stringify(user) === JSON.stringify(active.user)) return;
    this.active = { ...active, user };
    this.deps.onUserChanged();
  }

  /** Another tab signed in or out: this one follows by reloading into the new state. */
  followOtherTabs(target: Pick<Window, 'addEventListener'>, reload: () => void): void {
    followOtherTabs(target, reload);
  }

  private async start(token: string): Promise<SessionOutcome> {
    const { storage } = this.deps;
    // Fetched while the user loads. The catch only spares a start that leaves early (refused,
    // unreachable) an unhandled rejection; the await below still sees a failure.
    const loadingRuntime = this.deps.runtime();
    loadingRuntime.catch(() => undefined);
    if (this.active) await this.stopRuntime(this.active, { deleteStore: false });
    this.active = null;
    // With a user cached for this token the workspace opens at once, even offline; the server is
    // asked in the background. Without one, the workspace waits for the answer.
    let user = storage.readCachedUser();
    const cached = user !== null;
    if (!user) {
      const load = await loadCurrentUser(this.deps.api, this.deps.isStandalone());
      // No answer is not a refusal (offline, 5xx, or this page unloading mid-request): the token
      // stays so the next try can succeed.
      if (load.kind === 'unreachable') return { kind: 'unreachable' };
      if (load.kind === 'refused') {
        storage.forget();
        return { kind: 'signed-out' };
      }
      user = load.user;
      storage.storeCachedUser(user);
    }
    const runtime = await loadingRuntime;
    const db = await runtime.openStore(user.organization.id, user.id);
    if (storage.readToken() !== token) {
      db.close();
      return { kind: 'signed-out' };
    }
    const sync = runtime.startSync(
      { baseUrl: this.deps.baseUrl, token, orgId: user.organization.id, userId: user.id },
      db,
    );
    const syncView = new SyncView(sync.state$, () => {
      this.expire();
    });
    const active: ActiveSession = { token, user, db, sync, syncView };
    this.active = active;
    if (cached) void this.revalidate(token);
    return { kind: 'active', session: active };
  }

  private async revalidate(token: string): Promise<void> {
    const load = await loadCurrentUser(this.deps.api, this.deps.isStandalone());
    const active = this.active;
    if (active?.token !== token || load.kind === 'unreachable') return;
    if (load.kind === 'refused') {
      this.expire();
      return;
    }
    this.deps.storage.storeCachedUser(load.user);
    if (JSON.stringify(load.user) !== JSON.stringify(active.user)) {
      this.active = { ...active, user: load.user };
      this.deps.onUserChanged();
    }
  }

  private async stopRuntime(
    session: ActiveSession,
    { deleteStore }: { deleteStore: boolean },
  ): Promise<void> {
    session.syncView.close();
    try {
      await session.sync.stop();
    } catch (error) {
      console.warn('The sync engine did not stop cleanly', error);
    }
    session.db.close();
    if (deleteStore) {
      const runtime = await this.deps.runtime();
      await runtime.deleteStore(session.user.organization.id, session.user.id);
    }
  }

  private async forgetWorkerSession(): Promise<void> {
    try {
      const runtime = await this.deps.runtime();
      await runtime.forgetWorkerSession();
    } catch (error) {
      console.warn('The saved sync session could not be cleared', error);
    }
  }
}
