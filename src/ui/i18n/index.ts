export * from './message-key';
export * from './shell-messages-en';
export * from './shell-messages-ru';
export * from './translator';
export * from './i18n-context';
export * from './texts';
export * from './language-storage';
