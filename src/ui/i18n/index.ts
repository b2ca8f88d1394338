export * from './messages-en';
export * from './translator';
export * from './i18n-context';
