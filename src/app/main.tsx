import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PLATFORM_NAME } from '../protocol';
import { registerServiceWorker } from '../sw/register';
import '../ui/theme.css';
import { App } from './App';
import { readLanguage } from '../ui/i18n/language-storage';
import { loadMessages } from './i18n/load-messages';
import { createAppRouter } from './router';
import { AppUpdate } from './shell/app-update';
import { drawScreenCopy, keepScreenCopies } from './shell/screen-copy';
import { dropScreenCopy } from '../ui/screen-copy';
import { nextTask } from '../store/after-paint';

// User Timing mark: the benchmark (bench/ui-workspace.ts) measures warm start from here, as
// DESIGN §6 words the budget ("first list painted after the app script runs").
performance.mark('app:script-start');

// The chat list's screen as this browser last left it, when it is still current (screen-copy.ts):
// drawn now, before React, and taken away by the list's first drawing.
if (location.pathname.startsWith('/admin')) drawScreenCopy();
keepScreenCopies();

/**
 * The app's start, in three tasks: the entry's evaluation with the screen copy (above), then the
 * router's build, then the session's start with the texts and React's first render. As one task
 * they took 50–85 ms on two cores (DESIGN §6: no main-thread task over 50 ms); the screen copy is
 * drawn in the first either way.
 */
async function start(root: HTMLElement): Promise<void> {
  document.title = PLATFORM_NAME;
  const lang = readLanguage();
  document.documentElement.lang = lang;
  const appUpdate = new AppUpdate();
  await nextTask();
  const router = createAppRouter(appUpdate);
  // Any page but the chat list takes the list's screen away as it renders.
  router.subscribe('onRendered', ({ toLocation }) => {
    if (toLocation.pathname !== '/admin/chats') dropScreenCopy();
  });
  await nextTask();
  // A workspace address with a token stored: the session (cached user, local store) starts now,
  // beside the language's texts and React's first render, instead of when the router reaches the
  // admin route's guard; the guard then finds it started (auth-session.ts `ensure`). A failure is
  // the guard's to handle, as it asks again.
  if (location.pathname.startsWith('/admin'))
    router.options.context.auth.ensure().catch(() => undefined);
  // The shown language's texts come in a chunk of their own, preloaded by index.html beside this
  // script, so the wait is for a file already on its way.
  void loadMessages(lang).then(() => {
    const app = createRoot(root);
    // As a transition, React renders the first screen in slices that yield to the browser every
    // few milliseconds, instead of one task of 35–90 ms on two cores (DESIGN §6: no main-thread
    // task over 50 ms); the screen is drawn at the same commit either way.
    startTransition(() => {
      app.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  });
  // After the first render, so offline support never delays the first paint.
  void registerServiceWorker({
    onNeedRefresh: (update) => {
      appUpdate.offer(update);
    },
    onOfflineReady: () => {
      console.info('The app is ready to work offline');
    },
    onRegisterError: (error) => {
      console.warn(
        'The service worker was not registered; the app works without offline support',
        error,
      );
    },
  });
}

// Spec §9: the app mounts in the page element with id "app".
const root = document.getElementById('app');
if (root) void start(root);
