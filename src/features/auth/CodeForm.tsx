import { useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { TotpCodeSchema, type ApiError } from '../../protocol';
import { TextField } from '../../ui/forms/TextField';
import { fieldErrorText } from '../../ui/forms/field-problems';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import { signInWithCode } from './sign-in';

const CodeSchema = v.object({ totpCode: TotpCodeSchema });

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
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<{ text: string; wrongCode: boolean } | null>(null);
  const form = useForm({
    defaultValues: { totpCode: '' },
    validators: { onSubmit: CodeSchema },
    onSubmit: async ({ value }) => {
      setFailure(null);
      const result = await signInWithCode(api, { ticket, totpCode: value.totpCode });
      if (result.kind === 'token') onToken(result.token);
      else if (result.kind === 'unreachable')
        setFailure({ text: i18n.t('login.unreachable'), wrongCode: false });
      else if (result.kind === 'refused' && result.error.name === 'TOTP_CODE_EXPIRED')
        onRestart(result.error);
      else if (result.kind === 'refused')
        setFailure({
          text: i18n.error(result.error.name, result.error.params),
          wrongCode: result.error.name === 'TOTP_CODE_WRONG',
        });
    },
  });
  const enterAgain = () => {
    setFailure(null);
    form.reset();
    input.current?.focus();
  };
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="login__hint">{i18n.t('login.totpHint')}</p>
      <form.Field name="totpCode">
        {(field) => (
          <TextField
            ref={input}
            label={i18n.t('login.totpCode')}
            name="totpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={field.state.value}
            onValue={(value) => {
              field.handleChange(value.replace(/\D/g, ''));
            }}
            onBlur={field.handleBlur}
            error={fieldErrorText(field.state.meta.errors, field.state.value, i18n)}
          />
        )}
      </form.Field>
      {failure ? (
        <div className="form-failure" role="alert" data-testid="login-error">
          <span>{failure.text}</span>
          {failure.wrongCode ? (
            <button className="button button--link" type="button" onClick={enterAgain}>
              {i18n.t('login.totpAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <button className="button button--primary" type="submit" disabled={submitting}>
            {i18n.t('login.totpSubmit')}
          </button>
        )}
      </form.Subscribe>
      <button
        className="button button--link"
        type="button"
        onClick={() => {
          onRestart(null);
        }}
      >
        {i18n.t('login.back')}
      </button>
    </form>
  );
}
