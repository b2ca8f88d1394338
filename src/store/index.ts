// React's live-query hooks are imported from './hooks': the sync worker and the service worker
// use this entry, and must not carry React.
export * from './tables';
export * from './store-schema';
export * from './db';
export * from './open-store';
export * from './predict';
export * from './rebase';
export * from './outbox';
export * from './apply-events';
export * from './bootstrap-write';
export * from './chat-list';
export * from './chat-order';
export * from './session-store';
export * from './sent-echoes';
export * from './chat-index';
export { changedRows } from './table-index';
export { clientIndexOf, contactIndexOf } from './client-index';
export * from './spam-clients';
export { postWrittenRows } from './post-written-rows';
export { firstScreenOf } from './first-screen';
export { forgetListCopy } from './list-copy';
export { writtenRowsChannel, type WrittenRows } from './written-rows';
