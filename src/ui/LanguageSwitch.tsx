import { useId } from 'react';
import type { Language } from '../protocol';
import { useTexts } from './i18n/texts';

// Each language is named in itself, so someone who cannot read the current one still finds theirs.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' };

/** The interface language: in the workspace's menu, and under the sign-in form. */
export function LanguageSwitch() {
  const { t, lang, setLang } = useTexts<'menu.language'>();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('menu.language')}</label>
      <select
        id={id}
        data-testid="language"
        value={lang}
        onChange={(event) => {
          setLang(event.target.value === 'ru' ? 'ru' : 'en').catch((error: unknown) => {
            // Offline with no service worker yet: the texts could not be fetched; the language
            // stays as it is, which the select shows again.
            console.warn('The language could not be loaded', error);
          });
        }}
      >
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
