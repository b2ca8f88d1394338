import { and, asc, eq, gt, ilike, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { newId, type CurrentUser, type UserShort } from '../../src/protocol';
import type { Database } from '../db/database';
import { loginTickets, organizations, sessions, users } from '../db/schema';
import type { Clock } from '../clock';
import { fail } from '../domain/core/domain-error';
import { appendEvents, lockOrganizationLog } from '../sync/event-log';
import { ORG_GROUP } from '../sync/groups';
import { userRow } from '../sync/wire-rows';
import { hashPassword, verifyPassword } from './passwords';
import { digestToken, newSecretToken } from './tokens';
import { newTotpSecret, totpStep } from './totp';
import { loadViewer, type Viewer } from './viewer';
import type { RateLimiter } from '../limits/rate-limiter';
import { loginCharges, type LoginLimits } from './login-limits';

/** A two-factor login ticket lives five minutes and allows five code attempts. */
const TICKET_TTL_MS = 5 * 60_000;
const TICKET_ATTEMPTS = 5;

export type AuthDeps = {
  database: Database;
  clock: Clock;
  wake: (orgId: string) => void;
  closeSession: (sessionId: string) => void;
  limiter: RateLimiter;
  loginLimits: LoginLimits;
};
export type Authenticated = { viewer: Viewer; sessionId: string };

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /**
   * E-mail (normalised, as LoginBody gives it) and password from a client address; a second step
   * when two-factor authentication is on. Counted before the password is checked.
   */
  async login(
    email: string,
    password: string,
    address: string,
  ): Promise<{ token: string } | { ticket: string }> {
    await this.deps.limiter.take(loginCharges(this.deps.loginLimits, address, email));
    const [user] = await this.db
      .select({
        id: users.id,
        orgId: users.orgId,
        passwordHash: users.passwordHash,
        active: users.active,
        totpEnabled: users.totpEnabled,
        orgStatus: organizations.status,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(eq(users.email, email));
    if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user)
      fail('INVALID_CREDENTIALS');
    // Told only to someone who knows the password, so these reveal nothing to a guesser.
    if (!user.active) fail('USER_INACTIVE');
    if (user.orgStatus !== 'active') fail('ORGANIZATION_DEACTIVATED');
    if (user.totpEnabled) {
      const ticket = newSecretToken();
      await this.db.insert(loginTickets).values({
        id: newId(),
        userId: user.id,
        ticketHash: digestToken(ticket),
        expiresAt: new Date(this.deps.clock.now().getTime() + TICKET_TTL_MS),
      });
      return { ticket };
    }
    return { token: await this.openSession(user.id, user.orgId) };
  }

  /** The second step: a code for the ticket the password gave, counted against its account. */
  async loginWithCode(ticket: string, code: string, address: string): Promise<{ token: string }> {
    const now = this.deps.clock.now();
    const [row] = await this.db
      .select({
        ticketId: loginTickets.id,
        userId: loginTickets.userId,
        orgId: users.orgId,
        email: users.email,
        secret: users.totpSecret,
        active: users.active,
      })
      .from(loginTickets)
      .innerJoin(users, eq(users.id, loginTickets.userId))
      .where(eq(loginTickets.ticketHash, digestToken(ticket)));
    await this.deps.limiter.take(loginCharges(this.deps.loginLimits, address, row?.email));
    if (!row) fail('TOTP_CODE_EXPIRED');
    // The attempt is taken from the ticket before the code is looked at, in one statement: codes
    // arriving at once can never try more than the ticket's attempts between them.
    const claimed = await this.db
      .update(loginTickets)
      .set({ attempts: sql`${loginTickets.attempts} + 1` })
      .where(
        and(
          eq(loginTickets.id, row.ticketId),
          isNull(loginTickets.usedAt),
          gt(loginTickets.expiresAt, now),
          lt(loginTickets.attempts, TICKET_ATTEMPTS),
        ),
      )
      .returning({ id: loginTickets.id });
    if (claimed.length === 0) fail('TOTP_CODE_EXPIRED');
    if (!row.active) fail('USER_INACTIVE');
    const step = row.secret ? totpStep(row.secret, code, now) : null;
    if (step === null || !(await this.spendTotpStep(row.userId, step))) fail('TOTP_CODE_WRONG');
    const used = await this.db
      .update(loginTickets)
      .set({ usedAt: now })
      .where(and(eq(loginTickets.id, row.ticketId), isNull(loginTickets.usedAt)))
      .returning({ id: loginTickets.id });
    if (used.length === 0) fail('TOTP_CODE_EXPIRED');
    return { token: await this.openSession(row.userId, row.orgId) };
  }

  private async openSession(userId: string, orgId: string): Promise<string> {
    const token = newSecretToken();
    await this.db
      .insert(sessions)
      .values({ id: newId(), userId, orgId, tokenHash: digestToken(token) });
    return token;
  }

  /** The staff member behind a bearer token, or null for a missing, revoked or disabled one. */
  async authenticate(token: string | undefined): Promise<Authenticated | null> {
    if (!token) return null;
    const [session] = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, digestToken(token)), isNull(sessions.revokedAt)));
    if (!session) return null;
    const viewer = await loadViewer(this.db, session.userId);
    if (!viewer?.active || !viewer.orgActive) return null;
    return { viewer, sessionId: session.id };
  }

  async logout(token: string): Promise<void> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(eq(sessions.tokenHash, digestToken(token)), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    for (const session of revoked) this.deps.closeSession(session.id);
  }

  currentUser(viewer: Viewer): CurrentUser {
    return {
      id: viewer.id,
      name: viewer.name,
      email: viewer.email,
      language: viewer.language,
      organization: { id: viewer.orgId, name: viewer.orgName },
      role: { name: viewer.roleName, rights: [...viewer.rights].map((name) => ({ name })) },
      options: [...viewer.options],
    };
  }

  async markPwa(sessionId: string, pwa: boolean): Promise<void> {
    await this.db
      .update(sessions)
      .set({ pwa, lastUsedAt: this.deps.clock.now() })
      .where(eq(sessions.id, sessionId));
  }

  /** A new pending secret for the QR code; it takes effect once a code from it is confirmed. */
  async generateTotp(viewer: Viewer): Promise<{ secret: string; otpauthUrl: string }> {
    const [user] = await this.db
      .select({ totpEnabled: users.totpEnabled })
      .from(users)
      .where(eq(users.id, viewer.id));
    if (user?.totpEnabled) fail('TOTP_ALREADY_ENABLED');
    const generated = newTotpSecret(viewer.email);
    await this.db
      .update(users)
      .set({ totpSecret: generated.secret, totpLastStep: null })
      .where(eq(users.id, viewer.id));
    return generated;
  }

  async toggleTotp(viewer: Viewer, enabled: boolean, code: string): Promise<CurrentUser> {
    await this.countAccountCheck(viewer);
    const [user] = await this.db
      .select({ secret: users.totpSecret, totpEnabled: users.totpEnabled })
      .from(users)
      .where(eq(users.id, viewer.id));
    if (!user) fail('USER_NOT_FOUND');
    if (enabled && user.totpEnabled) fail('TOTP_ALREADY_ENABLED');
    if (!user.secret) fail(enabled ? 'TOTP_NOT_GENERATED' : 'TOTP_CODE_MANDATORY');
    const step = totpStep(user.secret, code, this.deps.clock.now());
    if (step === null || !(await this.spendTotpStep(viewer.id, step))) fail('TOTP_CODE_WRONG');
    await this.updateOwnRow(
      viewer,
      enabled ? { totpEnabled: true } : { totpEnabled: false, totpSecret: null },
    );
    return this.currentUser(viewer);
  }

  /**
   * A password or code checked for someone already signed in counts against their account's
   * sign-in limit: a session left open on a shared computer gives no more guesses at the password
   * or the authenticator's codes than the login page does.
   */
  private async countAccountCheck(viewer: Viewer): Promise<void> {
    await this.deps.limiter.take([{ limit: this.deps.loginLimits.account, subject: viewer.email }]);
  }

  async updateAccount(
    viewer: Viewer,
    changes: { name?: string; language?: 'en' | 'ru'; phone?: string | null },
  ): Promise<CurrentUser> {
    const row = await this.updateOwnRow(viewer, changes);
    return this.currentUser({ ...viewer, name: row.name, language: row.language });
  }

  /** A new password ends every other session of the account: whoever knew the old one is out. */
  async changePassword(
    auth: Authenticated,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    await this.countAccountCheck(auth.viewer);
    const [user] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, auth.viewer.id));
    if (!user || !(await verifyPassword(user.passwordHash, oldPassword)))
      fail('PASSWORD_INCORRECT');
    await this.updateOwnRow(auth.viewer, { passwordHash: await hashPassword(newPassword) });
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: this.deps.clock.now() })
      .where(
        and(
          eq(sessions.userId, auth.viewer.id),
          ne(sessions.id, auth.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    for (const session of revoked) this.deps.closeSession(session.id);
    // So does a sign-in begun with the old password and waiting for its two-factor code.
    await this.db
      .update(loginTickets)
      .set({ usedAt: this.deps.clock.now() })
      .where(and(eq(loginTickets.userId, auth.viewer.id), isNull(loginTickets.usedAt)));
  }

  async findUsers(viewer: Viewer, name: string): Promise<UserShort[]> {
    const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.orgId, viewer.orgId),
          eq(users.active, true),
          ilike(users.name, `%${escaped}%`),
          gt(users.name, ''),
        ),
      )
      .orderBy(asc(users.name))
      .limit(20);
  }

  /**
   * Records a code's step as used, unless that step or a later one was used already: one
   * conditional update, so two requests racing with one code cannot both pass.
   */
  private async spendTotpStep(userId: string, step: number): Promise<boolean> {
    const spent = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return spent.length > 0;
  }

  /** The user's own row changes through the event log like any other, so every screen follows. */
  private async updateOwnRow(
    viewer: Viewer,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<typeof users.$inferSelect> {
    const now = this.deps.clock.now();
    const updated = await this.db.transaction(async (tx) => {
      // The organization before its user row, as every unit of work of it locks (runInScope).
      await lockOrganizationLog(tx, viewer.orgId);
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, viewer.id))
        .returning();
      if (!row) fail('USER_NOT_FOUND');
      await appendEvents(
        tx,
        {
          orgId: viewer.orgId,
          actor: { kind: 'user', id: viewer.id },
          commandId: null,
          at: now,
          notify: this.deps.database.kind === 'postgres',
          locked: true,
        },
        [
          {
            type: 'user.updated',
            data: { userId: viewer.id },
            changes: [
              { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
            ],
          },
        ],
        newId,
      );
      return row;
    });
    this.deps.wake(viewer.orgId);
    return updated;
  }
}
