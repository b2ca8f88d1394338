import { useRef, useState } from 'react';
import type { ApiError } from '../../protocol';
import { TextField } from '../../ui/forms/TextField';
import { useApi } from '../../ui/http/api-context';
import { useTexts } from '../../ui/i18n/texts';
import type { SignInKey } from './auth-messages';
import { signInWithCode } from './sign-in';
import { CodeSchema, problemText } from './sign-in-fields';
import { useSignInForm } from './use-sign-in-form';

/**
 * Step two of Login: the one-time code from an authenticator app. A wrong code offers entering
 * it again (spec §2); an expired ticket sends the user back to step one with the reason.
 */
export function CodeForm({
  ticket,
  onToken,
  onRestart,
}: {
  ticket: string;
  onToken: (token: string) => void;
  onRestart: (reason: ApiError | null) => void;
}) {
  const api = useApi();
  const texts = useTexts<SignInKey>();
  const { t } = texts;
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<{ text: string; wrongCode: boolean } | null>(null);
  const form = useSignInForm(CodeSchema, { totpCode: '' }, async (value) => {
    setFailure(null);
    const result = await signInWithCode(api, { ticket, totpCode: value.totpCode });
    if (result.kind === 'token') onToken(result.token);
    else if (result.kind === 'unreachable')
      setFailure({ text: t('login.unreachable'), wrongCode: false });
    else if (result.kind === 'refused' && result.error.name === 'TOTP_CODE_EXPIRED')
      onRestart(result.error);
    else if (result.kind === 'refused')
      setFailure({
        text: texts.error(result.error.name, result.error.params),
        wrongCode: result.error.name === 'TOTP_CODE_WRONG',
      });
  });
  const enterAgain = () => {
    setFailure(null);
    form.reset();
    input.current?.focus();
  };
  const problem = form.problems.totpCode;
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <p className="login__hint">{t('login.totpHint')}</p>
      <TextField
        ref={input}
        label={t('login.totpCode')}
        name="totpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={form.values.totpCode}
        onValue={(value) => {
          form.setValue('totpCode', value.replace(/\D/g, ''));
        }}
        error={problem ? problemText(problem, texts) : undefined}
      />
      {failure ? (
        <div className="form-failure" role="alert" data-testid="login-error">
          <span>{failure.text}</span>
          {failure.wrongCode ? (
            <button className="button button--link" type="button" onClick={enterAgain}>
              {t('login.totpAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
      <button className="button button--primary" type="submit" disabled={form.submitting}>
        {t('login.totpSubmit')}
      </button>
      <button
        className="button button--link"
        type="button"
        onClick={() => {
          onRestart(null);
        }}
      >
        {t('login.back')}
      </button>
    </form>
  );
}
