import { useState } from 'react';
import * as v from 'valibot';
import { LoginBody } from '../../protocol/sign-in-api';
import { TextField } from '../../ui/forms/TextField';
import { useApi } from '../../ui/http/api-context';
import { useTexts } from '../../ui/i18n/texts';
import type { SignInKey } from './auth-messages';
import { signIn, type SignInResult } from './sign-in';
import { CredentialsSchema, problemText } from './sign-in-fields';
import { useSignInForm } from './use-sign-in-form';

/** Step one of Login: e-mail and password. */
export function CredentialsForm({
  notice,
  onResult,
}: {
  notice: string | null;
  onResult: (result: SignInResult) => void;
}) {
  const api = useApi();
  const texts = useTexts<SignInKey>();
  const { t } = texts;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSignInForm(CredentialsSchema, { email: '', password: '' }, async (value) => {
    setFailure(null);
    const body = v.safeParse(LoginBody, value);
    if (!body.success) {
      setFailure(t('form.invalid'));
      return;
    }
    const result = await signIn(api, body.output);
    if (result.kind === 'refused') setFailure(texts.error(result.error.name, result.error.params));
    else if (result.kind === 'unreachable') setFailure(t('login.unreachable'));
    else onResult(result);
  });
  const problem = (field: 'email' | 'password') => {
    const found = form.problems[field];
    return found ? problemText(found, texts) : undefined;
  };
  const message = failure ?? notice;
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        value={form.values.email}
        onValue={(value) => {
          form.setValue('email', value);
        }}
        error={problem('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onValue={(value) => {
          form.setValue('password', value);
        }}
        error={problem('password')}
      />
      {message ? (
        <p className="form-failure" role="alert" data-testid="login-error">
          {message}
        </p>
      ) : null}
      <button className="button button--primary" type="submit" disabled={form.submitting}>
        {form.submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
