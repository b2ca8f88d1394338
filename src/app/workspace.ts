// What a signed-in start needs beyond the app's script, as one chunk: the shell, the chat
// lists, and the session's store and sync engine. Login does without it; with a token stored,
// index.html fetches it beside the app's script (vite.config.ts).
export { AdminLayout } from './shell/AdminLayout';
export { ChatsPage } from './pages/ChatsPage';
export { sessionRuntime } from './session/session-runtime';
