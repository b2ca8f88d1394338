import { useState, type ReactNode } from 'react';
import { PLATFORM_NAME } from '../../protocol/limits';
import { useTexts } from '../../ui/i18n/texts';
import { usePageTitle } from '../../ui/page-title';
import type { SignInKey } from './auth-messages';
import { CodeForm } from './CodeForm';
import { CredentialsForm } from './CredentialsForm';

type Step = { name: 'credentials'; notice: string | null } | { name: 'code'; ticket: string };

/**
 * Login (spec §2): e-mail and password, then a one-time code when the account has two-factor
 * authentication. The page that draws it decides what a token means (storing it, opening the
 * workspace): the landing page (src/landing) for a visitor, the workspace's LoginPage after a
 * logout. Its texts come through useTexts and its calls through ApiContext, so the landing page
 * draws it without the workspace's code.
 */
export function LoginScreen({
  onSignedIn,
  links,
}: {
  onSignedIn: (token: string) => void;
  links?: ReactNode;
}) {
  const texts = useTexts<SignInKey>();
  usePageTitle(texts.t('title.home'));
  const [step, setStep] = useState<Step>({ name: 'credentials', notice: null });
  return (
    <main className="login">
      <div className="login__card">
        <p className="login__brand">{PLATFORM_NAME}</p>
        <h1 className="login__title">
          {step.name === 'code' ? texts.t('login.totpTitle') : texts.t('login.title')}
        </h1>
        {step.name === 'credentials' ? (
          <CredentialsForm
            notice={step.notice}
            onResult={(result) => {
              if (result.kind === 'token') onSignedIn(result.token);
              else if (result.kind === 'code') setStep({ name: 'code', ticket: result.ticket });
            }}
          />
        ) : (
          <CodeForm
            ticket={step.ticket}
            onToken={onSignedIn}
            onRestart={(reason) => {
              setStep({
                name: 'credentials',
                notice: reason ? texts.error(reason.name, reason.params) : null,
              });
            }}
          />
        )}
        {links ? <nav className="login__links">{links}</nav> : null}
      </div>
    </main>
  );
}
