import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import { readLanguage } from '../ui/i18n/language-storage';
import { followOtherTabs } from '../ui/session-token';
import { LandingPage } from './LandingPage';
import { loadLandingMessages } from './load-landing-messages';

/**
 * The landing page's own entry: index.html starts it instead of the app's (src/app/main.tsx) at
 * `/` when no token is stored (vite.config.ts, `startChunkPreload`). It holds the sign-in screen
 * and no router, store or sync engine, so a first visit loads a fraction of the workspace's
 * JavaScript (DESIGN §6: ≤ 80 KB gzip). Nor does it register the service worker: the workspace
 * does as it starts, right after the sign-in, and offline there is no signing in anyway.
 */
const root = document.getElementById('app');
if (root) {
  const lang = readLanguage();
  document.documentElement.lang = lang;
  // Another tab signed in: this one follows into the workspace, as a workspace tab follows.
  followOtherTabs(window, () => {
    location.reload();
  });
  // The shown language's texts are preloaded by index.html beside this script.
  void loadLandingMessages(lang).then((catalog) => {
    createRoot(root).render(
      <StrictMode>
        <LandingPage lang={lang} catalog={catalog} />
      </StrictMode>,
    );
  });
}
