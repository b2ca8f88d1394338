import { useCallback, useMemo, useState } from 'react';
import type { Language } from '../protocol';
import { LoginScreen } from '../features/auth/LoginScreen';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { createApiClient } from '../ui/http/api-client';
import { ApiContext } from '../ui/http/api-context';
import { storeLanguage } from '../ui/i18n/language-storage';
import { TextsContext } from '../ui/i18n/texts';
import { storeToken } from '../ui/session-token';
import type { LandingCatalog } from './landing-catalog';
import { landingTexts } from './landing-texts';
import { loadLandingMessages } from './load-landing-messages';

/** Where a new session starts (spec §9: the default landing of a signed-in user). */
const WORKSPACE_START = '/admin/chats?filter=assigned';

// The sign-in's calls are raw (their 401 is "Incorrect login or password"), so these act only if
// a call of another kind is ever made here: as the app does, a refusal shows its status page.
// There is no session to end on a 401.
const api = createApiClient({
  token: () => null,
  handlers: {
    unauthorized: () => undefined,
    forbidden: () => {
      location.assign('/no-rights');
    },
    notFound: () => {
      location.assign('/not-found');
    },
  },
});

/**
 * The landing page of a visitor without a session (spec §2 Login at `/`): the sign-in screen
 * with its links and language choice, and nothing of the workspace. The token goes where the
 * workspace's session reads it, and the workspace opens as a page of its own.
 */
export function LandingPage({ lang, catalog }: { lang: Language; catalog: LandingCatalog }) {
  const [shown, setShown] = useState({ lang, catalog });
  const setLang = useCallback(async (next: Language) => {
    // The new language's texts first: the screen never shows keys while they load.
    const nextCatalog = await loadLandingMessages(next);
    storeLanguage(next);
    document.documentElement.lang = next;
    setShown({ lang: next, catalog: nextCatalog });
  }, []);
  const texts = useMemo(() => landingTexts(shown.lang, shown.catalog, setLang), [shown, setLang]);
  return (
    <TextsContext value={texts}>
      <ApiContext value={api}>
        <LoginScreen
          onSignedIn={(token) => {
            storeToken(localStorage, token);
            location.assign(WORKSPACE_START);
          }}
          links={
            <>
              <a href="/restore">{texts.t('login.forgot')}</a>
              <a href="/signup">{texts.t('login.signup')}</a>
              <LanguageSwitch />
            </>
          }
        />
      </ApiContext>
    </TextsContext>
  );
}
