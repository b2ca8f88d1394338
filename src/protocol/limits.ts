/** Business constants of spec §9, in one place so forms, server and tests agree. */
export const LIMITS = {
  passwordMin: 8,
  totpDigits: 6,
  ratingMin: 1,
  ratingMax: 5,
  photoMaxBytes: 200 * 1024,
  autoBreakMaxMinutes: 999,
  organizationLoginMax: 255,
  organizationNameMax: 255,
  roleNameMax: 32,
  roleDescriptionMax: 255,
  teamNameMax: 64,
  teamDescriptionMax: 128,
  /** Users one team.setMembers adds, and as many it removes: a large department at once. */
  teamMembersChangeMax: 500,
  userNameMax: 32,
  /**
   * What a user belongs to (department, contractor company), free text. The spec gives no limit:
   * 128, as for a team's description, holds "Customer care, night shift — Acme Outsourcing Ltd.".
   */
  affiliationMax: 128,
  /** A phone number as people write it (spaces, dashes, +, extension) fits in this. */
  phoneMax: 32,
  dialogLimitMin: 1,
  dialogLimitMax: 999,
  redistributionMinutesMax: 999,
  autoCloseMinutesMax: 4320,
  unattendedCloseHours: [0, 24, 48, 72] as const,
  /**
   * The largest number an integer column holds. Settings the spec bounds only from below
   * (inactivity time, expiry thresholds) are refused above it rather than failing in the database.
   */
  storedIntegerMax: 2_147_483_647,
  nodeMaxButtons: 10,
  /** Longest text on a button a bot or auto-reply offers. */
  buttonTextMax: 64,
  nodeMaxTriggers: 10,
  nodeMaxIntents: 10,
  autoReplyWaitMinutes: [1, 2, 5] as const,
  messengerSessionHours: 24,
  minimumTopUp: 500,
  trialDays: 7,
  tariffExtensionDays: 14,
  titleAlertIntervalMs: 1000,
  /** Longest message text accepted from staff or a channel; far above any messenger's own cap. */
  messageTextMax: 10_000,
  /** Commands in one POST /api/commands batch; the outbox sends at most this many at once. */
  commandBatchMax: 500,
  /**
   * The largest request body the server reads, in bytes of the JSON as sent (UTF-8). The outbox
   * cuts its POST /api/commands batches to fit, so a long queue of long replies (10,000
   * characters of Cyrillic are 20 KB, of CJK or emoji 30-40 KB) never meets a 413.
   */
  requestBodyMaxBytes: 2 * 1024 * 1024,
  /** A client's name as a channel or an operator gives it. */
  clientNameMax: 128,
  /** Spec §5 "tag format checked": see TAG_PATTERN. */
  clientTagMax: 32,
  clientTagsMax: 50,
  clientFieldNameMax: 64,
  clientFieldValueMax: 1000,
  clientFieldsMax: 50,
  /** Phones, e-mails and channel identities together. */
  clientContactsMax: 50,
  clientCompaniesMax: 20,
  clientCommentMax: 4000,
  /** Spec §5 "status name required within max length": as a role's name. */
  clientStatusNameMax: 32,
  /** A request category's name (category, topic or subtopic). */
  categoryNameMax: 128,
  companyNameMax: 255,
  /** A CRM's id for a company (Bitrix24 and amoCRM ids are numbers; others use UUIDs). */
  outerIdMax: 64,
  /** A channel's name (spec §3 gives none; as an organization's name). */
  channelNameMax: 255,
  /** The service-assessment text of a channel. */
  channelRatingTextMax: 1000,
  /** One per-type setting's text (a host, a login, an address). */
  channelSettingTextMax: 255,
  /** One secret's text (a bot token, a mail password). */
  channelSecretMax: 1024,
  /** Addresses of an e-mail channel (To and Copy). */
  channelAddressesMax: 20,
  /** Why a message could not be delivered, as the provider said it (cut to this length). */
  deliveryReasonMax: 500,
  /** Closed chats older than this are not bootstrapped; they come on demand. */
  bootstrapClosedChatDays: 30,
} as const;

/** The platform's name: the default page title and the app label of spec §9. */
export const PLATFORM_NAME = 'SmartConnect';
