import type { Database } from '../db/database';
import type { CommandRouter } from '../scale/command-router';
import type { Clock } from '../clock';
import type { AuthService, Authenticated } from '../auth/auth-service';
import type { RateLimiter } from '../limits/rate-limiter';
import type { CommandCaller } from '../domain/execute-command';
import type { LiveHub } from '../sync/live-hub';
import type { Presence } from '../sync/presence';
import type { CommandEnvelope, CommandResult } from '../../src/protocol';
import type { ChannelAdapters } from '../channels/registry';

/*
 * What a server is built from and what its routes share, apart from app.ts that builds it: route
 * files (here and in server/channels) take their context from this module, so app.ts may import
 * every route file without the route files importing app.ts back.
 */

/** Set by requireAuth (require-auth.ts) on the routes behind it; null elsewhere. */
declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export type ServerOptions = {
  database: Database;
  clock: Clock;
  /** Folder of the built browser app; missing means the API alone. */
  staticDir?: string | undefined;
  /** Sign-in attempts (passwords and two-factor codes) per account per minute; 10 by default. */
  loginAttemptsPerMinute?: number;
  /**
   * Sign-in attempts per client address per minute, over every account; six times the account's
   * by default, as an office behind one address signs many people in at the start of a shift.
   */
  loginAttemptsPerAddressPerMinute?: number;
  /**
   * Addresses and CIDR ranges of the proxies in front of the server (TRUST_PROXY), whose
   * X-Forwarded-For names the client; empty or missing trusts nobody, and every limit counts the
   * socket's address.
   */
  trustProxy?: readonly string[];
  logger?: boolean;
  /** This instance's name in the presence table; a fresh one per process by default. */
  instanceId?: string;
  /** NATS for one home per organization's commands across instances (server/scale/command-router.ts). */
  natsUrl?: string | null;
  /**
   * The channel adapters, by type (server/channels/registry.ts); the environment's by default.
   * Tests give adapters that speak to a local provider.
   */
  channelAdapters?: ChannelAdapters;
  /**
   * Runs the channel pipeline's workers (inbound processing, deliveries, receivers) in this
   * server; main.ts does, tests that drive the workers themselves do not.
   */
  channelWorkers?: { publicUrl: string | null; everyMs?: number; superviseMs?: number };
  /**
   * Runs the reports worker (docs/reports.md: roll-ups kept current as events commit) in this
   * server; main.ts does. Tests need not: a report catches its organization up before answering.
   */
  reportsWorker?: { everyMs?: number };
};

/** Everything the routes share. */
export type ServerContext = {
  database: Database;
  clock: Clock;
  hub: LiveHub;
  presence: Presence;
  auth: AuthService;
  /** Runs a command in its organization's next group commit (server/domain/command-queue.ts). */
  execute: (caller: CommandCaller, command: CommandEnvelope) => Promise<CommandResult>;
  /** Queues a sender's commands together, in order: one promise per command. */
  executeAll: (
    caller: CommandCaller,
    commands: readonly CommandEnvelope[],
  ) => Promise<CommandResult>[];
  limiter: RateLimiter;
  adapters: ChannelAdapters;
  /** Where execute and executeAll send commands: here, or their organization's home instance. */
  router: CommandRouter;
};
