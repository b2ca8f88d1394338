// Each catalog from its own file, not from the src/ui/i18n index: the build reads this module in
// Node (vite.config.ts), and the index would bring React along.
import { SHELL_EN } from '../../ui/i18n/shell-messages-en';
import { SHELL_RU } from '../../ui/i18n/shell-messages-ru';
import { AUTH_EN, AUTH_RU } from '../../features/auth/auth-messages';
import { CHATS_EN, CHATS_RU } from '../../features/chats/chats-messages';
import { PUBLIC_EN, PUBLIC_RU } from '../../features/public/public-messages';
import { USERS_EN, USERS_RU } from '../../features/users/users-messages';
import { TEAMS_EN, TEAMS_RU } from '../../features/teams/teams-messages';
import { ROLES_EN, ROLES_RU } from '../../features/roles/roles-messages';
import { PROFILE_EN, PROFILE_RU } from '../../features/profile/profile-messages';
import {
  CLIENT_SETTINGS_EN,
  CLIENT_SETTINGS_RU,
} from '../../features/client-settings/client-settings-messages';
import { CLIENTS_EN, CLIENTS_RU } from '../../features/clients/clients-messages';
import { CHANNELS_EN, CHANNELS_RU } from '../../features/channels/channels-messages';
import { CATEGORIES_EN, CATEGORIES_RU } from '../../features/categories/categories-messages';
import { TEMPLATES_EN, TEMPLATES_RU } from '../../features/templates/templates-messages';
import {
  MESSENGER_TEMPLATES_EN,
  MESSENGER_TEMPLATES_RU,
} from '../../features/messenger-templates/messenger-templates-messages';
import { CHATBOTS_EN, CHATBOTS_RU } from '../../features/chatbots/chatbots-messages';
import { REPORTS_EN, REPORTS_RU } from '../../features/reports/reports-messages';
import { MONITORING_EN, MONITORING_RU } from '../../features/monitoring/monitoring-messages';
import { joinCatalogs } from './join-catalogs';

/**
 * Every catalog of the app by name: the shell's (src/ui/i18n) and each feature's, beside its
 * feature. A feature with texts of its own adds its line here.
 */
export const CATALOG_PARTS = {
  shell: { en: SHELL_EN, ru: SHELL_RU },
  auth: { en: AUTH_EN, ru: AUTH_RU },
  chats: { en: CHATS_EN, ru: CHATS_RU },
  public: { en: PUBLIC_EN, ru: PUBLIC_RU },
  users: { en: USERS_EN, ru: USERS_RU },
  teams: { en: TEAMS_EN, ru: TEAMS_RU },
  roles: { en: ROLES_EN, ru: ROLES_RU },
  profile: { en: PROFILE_EN, ru: PROFILE_RU },
  clientSettings: { en: CLIENT_SETTINGS_EN, ru: CLIENT_SETTINGS_RU },
  clients: { en: CLIENTS_EN, ru: CLIENTS_RU },
  channels: { en: CHANNELS_EN, ru: CHANNELS_RU },
  categories: { en: CATEGORIES_EN, ru: CATEGORIES_RU },
  templates: { en: TEMPLATES_EN, ru: TEMPLATES_RU },
  messengerTemplates: { en: MESSENGER_TEMPLATES_EN, ru: MESSENGER_TEMPLATES_RU },
  chatbots: { en: CHATBOTS_EN, ru: CHATBOTS_RU },
  reports: { en: REPORTS_EN, ru: REPORTS_RU },
  monitoring: { en: MONITORING_EN, ru: MONITORING_RU },
};

/** Every text of the interface, by language (spec §1: English is the default). */
export const CATALOGS = joinCatalogs(CATALOG_PARTS);

declare module '../../ui/i18n/message-key' {
  // The app's keys, so that `t` in src/ui and in every feature is checked against them.
  interface MessageCatalogs {
    app: (typeof CATALOGS)['en'];
  }
}
