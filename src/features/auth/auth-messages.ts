/**
 * Texts of the sign-in screen (the credentials and two-factor code forms), English and Russian
 * side by side. The app joins them with every other catalog (src/app/i18n/catalogs.ts, where a
 * test checks both languages and every key). The page's title (title.home) stays with the
 * shell's page titles, and the links under the form with the pages that draw them (the
 * workspace's LoginPage, the landing page).
 */
export const AUTH_EN = {
  'login.title': 'Sign in',
  'login.email': 'E-mail',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.unreachable': 'No connection to the server. Try again later.',
  'login.totpTitle': 'Two-factor authentication',
  'login.totpHint': 'Enter the 6-digit code from your authenticator app.',
  'login.totpCode': 'Code',
  'login.totpSubmit': 'Confirm',
  'login.totpAgain': 'Enter again',
  'login.back': 'Back',
} as const;

export const AUTH_RU: Record<keyof typeof AUTH_EN, string> = {
  'login.title': 'Вход',
  'login.email': 'E-mail',
  'login.password': 'Пароль',
  'login.submit': 'Войти',
  'login.submitting': 'Вход…',
  'login.unreachable': 'Нет связи с сервером. Попробуйте позже.',
  'login.totpTitle': 'Двухфакторная аутентификация',
  'login.totpHint': 'Введите 6-значный код из приложения-аутентификатора.',
  'login.totpCode': 'Код',
  'login.totpSubmit': 'Подтвердить',
  'login.totpAgain': 'Ввести заново',
  'login.back': 'Назад',
};

/**
 * Every key the sign-in screen gives `t`: its own, the page title and the two field problems it
 * words. The landing page's catalog holds at least these (src/landing/landing-texts.ts).
 */
export type SignInKey = keyof typeof AUTH_EN | 'title.home' | 'form.required' | 'form.invalid';
