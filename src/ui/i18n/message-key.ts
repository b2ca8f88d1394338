import type { SHELL_EN } from './shell-messages-en';

/**
 * The catalogs whose keys a screen may give `t`, by name. The shell's is known here; the app
 * registers the catalog it joins from every feature (src/app/i18n/catalogs.ts) by declaration
 * merging, as TanStack Router's router type is registered once: src/ui may not import features
 * (DESIGN §2), and yet `t` is checked against every key the app holds.
 */
export interface MessageCatalogs {
  shell: typeof SHELL_EN;
}

/** A key of any registered catalog. */
export type MessageKey = {
  [Name in keyof MessageCatalogs]: keyof MessageCatalogs[Name] & string;
}[keyof MessageCatalogs];
