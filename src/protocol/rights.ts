/**
 * Rights (spec §3, §6). The ten guard names are the spec's own; the four rights the spec lists
 * without a guard name are named in the same style (docs/roles-and-rights.md).
 */
export const RIGHTS = [
  'AUTHORITY_ALL_STAT',
  'RIGHT_ACCOUNT_CONTROL',
  'AUTHORITY_TEAM_MANAGEMENT',
  'RIGHT_OBSERVER',
  'AUTHORITY_ALL_CHATS',
  'AUTHORITY_SERVICE_ACCOUNT',
  'AUTHORITY_TEAM_TEMPLATE',
  'AUTHORITY_ROLE_MODIFY',
  'AUTHORITY_CHAT_DISTRIBUTION',
  'AUTHORITY_PROFILE_UPDATE',
  'AUTHORITY_PROFILE_STATUS',
  'AUTHORITY_INTEGRATION',
  'AUTHORITY_CHAT_SESSION_CATEGORY',
  'AUTHORITY_FINANCE',
] as const;
export type Right = (typeof RIGHTS)[number];

/** Tariff feature packs (spec §1): each an option an organization has or lacks. */
export const OPTIONS = [
  'OPTION_ROUTING',
  'OPTION_SLA',
  'OPTION_SERVICE_QUALITY',
  'OPTION_AUTO_REPLIES',
  'OPTION_API',
  'OPTION_CHAT_BOT',
  'OPTION_OMNICHANNEL_HISTORY',
  'OPTION_ONLINE_MONITORING',
  'OPTION_CLIENT_PROFILE',
  'OPTION_TEMPLATE_MANAGEMENT',
  'OPTION_CHAT_TOPICS',
  'OPTION_SUPERVISOR_COMMENTS',
  'OPTION_EXTENDED_SEARCH',
  'OPTION_CLIENT_STATUSES',
  'OPTION_STATISTIC',
] as const;
export type OptionName = (typeof OPTIONS)[number];

export const BUILT_IN_ROLES = ['Operator', 'Supervisor', 'Administrator'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/**
 * Which built-in role holds which right (the spec leaves it open; docs/roles-and-rights.md
 * gives the reasons). Operators answer chats; supervisors run teams and see every chat;
 * administrators configure the platform. RIGHT_OBSERVER belongs to the provider only.
 */
export const BUILT_IN_ROLE_RIGHTS: Record<BuiltInRole, readonly Right[]> = {
  Operator: ['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_PROFILE_UPDATE'],
  Supervisor: [
    'AUTHORITY_ALL_STAT',
    'AUTHORITY_TEAM_MANAGEMENT',
    'AUTHORITY_ALL_CHATS',
    'AUTHORITY_TEAM_TEMPLATE',
    'AUTHORITY_CHAT_DISTRIBUTION',
    'AUTHORITY_PROFILE_UPDATE',
    'AUTHORITY_PROFILE_STATUS',
    'AUTHORITY_CHAT_SESSION_CATEGORY',
  ],
  Administrator: [
    'AUTHORITY_ALL_STAT',
    'RIGHT_ACCOUNT_CONTROL',
    'AUTHORITY_TEAM_MANAGEMENT',
    'AUTHORITY_ALL_CHATS',
    'AUTHORITY_SERVICE_ACCOUNT',
    'AUTHORITY_TEAM_TEMPLATE',
    'AUTHORITY_ROLE_MODIFY',
    'AUTHORITY_CHAT_DISTRIBUTION',
    'AUTHORITY_PROFILE_UPDATE',
    'AUTHORITY_PROFILE_STATUS',
    'AUTHORITY_INTEGRATION',
    'AUTHORITY_CHAT_SESSION_CATEGORY',
    'AUTHORITY_FINANCE',
  ],
};
