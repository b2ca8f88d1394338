import { useState, type ReactNode } from 'react';
import { PLATFORM_NAME } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { usePageTitle } from '../../ui/page-title';
import { CodeForm } from './CodeForm';
import { CredentialsForm } from './CredentialsForm';

type Step = { name: 'credentials'; notice: string | null } | { name: 'code'; ticket: string };

/**
 * Login (spec §2): e-mail and password, then a one-time code when the account has two-factor
 * authentication. The shell decides what a token means (storing it, opening the workspace).
 */
export function LoginScreen({
  onSignedIn,
  links,
}: {
  onSignedIn: (token: string) => void;
  links?: ReactNode;
}) {
  const i18n = useI18n();
  usePageTitle(i18n.t('title.home'));
  const [step, setStep] = useState<Step>({ name: 'credentials', notice: null });
  return (
    <main className="login">
      <div className="login__card">
        <p className="login__brand">{PLATFORM_NAME}</p>
        <h1 className="login__title">
          {step.name === 'code' ? i18n.t('login.totpTitle') : i18n.t('login.title')}
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
                notice: reason ? i18n.error(reason.name, reason.params) : null,
              });
            }}
          />
        )}
        {links ? <nav className="login__links">{links}</nav> : null}
      </div>
    </main>
  );
}
