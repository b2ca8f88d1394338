export * from './api-client';
export * from './api-context';
export * from './http-status';
