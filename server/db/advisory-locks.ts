/**
 * Every advisory lock key (the first argument of pg_advisory_xact_lock) the server takes, in one
 * place so no two locks share a key by accident. They did once: the reports' organization lock
 * and distribution's were both 8103, so a reports worker's incremental work (shared) held up the
 * command groups serving a queue (exclusive), while they held the organization's log lock.
 */
export const ADVISORY_LOCKS = {
  /** An organization's log and every unit of its work (server/sync/event-log.ts). */
  organizationLog: 8101,
  /** A channel's customer, while their client and chat are found or opened. */
  customer: 8102,
  /** Distribution within an organization: assignments against the dialog limits. */
  distribution: 8103,
  /** One (organization, source, day) roll-up of the reports rebuilt at a time. */
  reportsDay: 8104,
  /** An organization's figures of today for online monitoring. */
  dayFigures: 8105,
  /** The reports of an organization: incremental work shared, a full rebuild alone. */
  reportsOrganization: 8106,
} as const;
