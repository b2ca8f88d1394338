import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { EmailSchema, LoginBody } from '../../protocol';
import { TextField } from '../../ui/forms/TextField';
import { fieldErrorText } from '../../ui/forms/field-problems';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import { signIn, type SignInResult } from './sign-in';

// The e-mail is checked for its format before the server is asked (spec §5 "Invalid email format").
const CredentialsSchema = v.object({ email: EmailSchema, password: LoginBody.entries.password });

/** Step one of Login: e-mail and password. */
export function CredentialsForm({
  notice,
  onResult,
}: {
  notice: string | null;
  onResult: (result: SignInResult) => void;
}) {
  const api = useApi();
  const i18n = useI18n();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: CredentialsSchema },
    onSubmit: async ({ value }) => {
      setFailure(null);
      const body = v.safeParse(LoginBody, value);
      if (!body.success) {
        setFailure(i18n.t('form.invalid'));
        return;
      }
      const result = await signIn(api, body.output);
      if (result.kind === 'refused') setFailure(i18n.error(result.error.name, result.error.params));
      else if (result.kind === 'unreachable') setFailure(i18n.t('login.unreachable'));
      else onResult(result);
    },
  });
  const message = failure ?? notice;
  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="email">
        {(field) => (
          <TextField
            label={i18n.t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={fieldErrorText(field.state.meta.errors, field.state.value, i18n)}
          />
        )}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            label={i18n.t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={fieldErrorText(field.state.meta.errors, field.state.value, i18n)}
          />
        )}
      </form.Field>
      {message ? (
        <p className="form-failure" role="alert" data-testid="login-error">
          {message}
        </p>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <button className="button button--primary" type="submit" disabled={submitting}>
            {submitting ? i18n.t('login.submitting') : i18n.t('login.submit')}
          </button>
        )}
      </form.Subscribe>
    </form>
  );
}
