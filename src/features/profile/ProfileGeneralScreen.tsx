import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import { LIMITS, type CurrentUser, type Language } from '../../protocol';
import { useStore } from '../../store/hooks';
import { SectionFrame } from '../../ui/SectionFrame';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError, problemText } from '../../ui/forms/field-problems';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import { changePassword, updateAccount } from './account-calls';
import { MyStatisticsPanel } from './MyStatisticsPanel';
import {
  EMPTY_PASSWORD_FORM,
  accountFormBasis,
  accountFormDefaults,
  accountRefusal,
  checkAccountForm,
  checkPasswordForm,
  passwordRefusal,
  type AccountField,
  type AccountFormValues,
  type PasswordField,
} from './profile-form';
import './profile.css';

/** A refusal of the server shown at its field while the field still holds the refused value. */
type Refused<F extends string> = { field: F; text: string; value: string };

/**
 * Profile, "Your information" (spec §2 `/admin/profile/general`): name, phone and language, then
 * the password change. Both are online calls: they need the server's answer now. Then the
 * user's own statistics (spec §6), read live from the local store.
 */
export function ProfileGeneralScreen({
  user,
  onUserSaved,
}: {
  user: CurrentUser;
  /** The server's answer to a save: the session takes it, so the menu shows it at once. */
  onUserSaved: (user: CurrentUser) => void;
}) {
  const { t } = useI18n();
  const db = useStore();
  // null: no row for this user in the local store (yet); the session's copy stands in.
  const row = useLiveQuery(async () => (await db.users.get(user.id)) ?? null, [db, user.id]);
  return (
    <SectionFrame title={t('section.profile.general')}>
      <div className="profile">
        {row === undefined ? (
          <p className="empty-state">{t('common.loading')}</p>
        ) : (
          <AccountForm
            key={user.id}
            live={accountFormDefaults(row ?? undefined, user)}
            email={user.email}
            role={user.role.name}
            onUserSaved={onUserSaved}
          />
        )}
        <PasswordForm />
        <MyStatisticsPanel userId={user.id} />
      </div>
    </SectionFrame>
  );
}

function AccountForm({
  live,
  email,
  role,
  onUserSaved,
}: {
  /** The values the user's row (or the session) holds now. */
  live: AccountFormValues;
  email: string;
  role: string;
  onUserSaved: (user: CurrentUser) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const api = useApi();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refused<AccountField> | null>(null);
  // The row learns of a save only when its event comes back: the form (which follows its default
  // values while untouched) keeps the saved values until then instead of jumping back.
  const [pending, setPending] = useState<AccountFormValues | null>(null);
  const basis = accountFormBasis(live, pending);
  useEffect(() => {
    if (basis.settled) setPending(null);
  }, [basis.settled]);
  const form = useForm({
    defaultValues: basis.values,
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(checkAccountForm, (problem) => problemText(problem, i18n)),
    },
    onSubmit: async ({ value }) => {
      const checked = checkAccountForm(value);
      if (!checked.ok) return;
      setFailure(null);
      setRefused(null);
      const result = await updateAccount(api, checked.body);
      if (result.kind === 'unreachable') {
        setFailure(t('profile.unreachable'));
        return;
      }
      if (result.kind === 'refused') {
        const place = accountRefusal(result.error);
        const text = problemText(place.problem, i18n);
        if (place.field) setRefused({ field: place.field, text, value: value[place.field] });
        else setFailure(text);
        return;
      }
      const saved = result.value;
      onUserSaved(saved);
      // Told in the language just chosen: the interface speaks it from now on. Its texts load
      // first; if they cannot (offline, no service worker yet), the saved profile is still said.
      const spoken =
        saved.language === i18n.lang
          ? saved.language
          : await i18n.setLang(saved.language).then(
              () => saved.language,
              () => i18n.lang,
            );
      toast(i18n.translatorFor(spoken).t('profile.saved'));
      const values = {
        name: saved.name,
        phone: checked.body.phone ?? '',
        language: saved.language,
      };
      setPending(values);
      form.reset(values);
    },
  });
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const errorAt = (field: AccountField, errors: readonly unknown[], value: string) =>
    firstError(errors) ??
    (refused?.field === field && refused.value === value ? refused.text : undefined);
  const languages: { value: Language; label: string }[] = [
    { value: 'en', label: t('profile.language.en') },
    { value: 'ru', label: t('profile.language.ru') },
  ];
  return (
    <form
      className="form profile__block"
      noValidate
      data-testid="profile-info"
      // The screen's own title ("Your information") names this block.
      aria-labelledby="section-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <dl className="profile__readonly">
        <dt>{t('profile.field.email')}</dt>
        <dd data-testid="profile-email">{email}</dd>
        <dt>{t('profile.field.role')}</dt>
        <dd>{role}</dd>
      </dl>
      <form.Field name="name">
        {(field) => (
          <TextField
            label={t('profile.field.name')}
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.userNameMax + 10}
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={errorAt('name', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <form.Field name="phone">
        {(field) => (
          <TextField
            label={t('profile.field.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={errorAt('phone', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <form.Field name="language">
        {(field) => (
          <SelectField
            label={t('profile.field.language')}
            name="language"
            value={field.state.value}
            options={languages}
            onValue={(value) => {
              field.handleChange(value === 'ru' ? 'ru' : 'en');
            }}
            error={errorAt('language', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <p className="field__hint">{t('profile.field.languageHint')}</p>
      <FormActions
        failure={failure}
        failureTestId="profile-info-failure"
        busy={submitting}
        busyLabel={t('profile.saving')}
        saveTestId="profile-save"
      />
    </form>
  );
}

function PasswordForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const api = useApi();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refused<PasswordField> | null>(null);
  const form = useForm({
    defaultValues: EMPTY_PASSWORD_FORM,
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(checkPasswordForm, (problem) => problemText(problem, i18n)),
    },
    onSubmit: async ({ value }) => {
      const checked = checkPasswordForm(value);
      if (!checked.ok) return;
      setFailure(null);
      setRefused(null);
      const result = await changePassword(api, checked.body);
      if (result.kind === 'unreachable') {
        setFailure(t('profile.unreachable'));
        return;
      }
      if (result.kind === 'refused') {
        const place = passwordRefusal(result.error);
        const text = problemText(place.problem, i18n);
        if (place.field) setRefused({ field: place.field, text, value: value[place.field] });
        else setFailure(text);
        return;
      }
      toast(t('profile.password.changed'));
      form.reset(EMPTY_PASSWORD_FORM);
    },
  });
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const errorAt = (field: PasswordField, errors: readonly unknown[], value: string) =>
    firstError(errors) ??
    (refused?.field === field && refused.value === value ? refused.text : undefined);
  const passwordField = (name: PasswordField, label: string, autoComplete: string) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          label={label}
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          value={field.state.value}
          onValue={field.handleChange}
          onBlur={field.handleBlur}
          error={errorAt(name, field.state.meta.errors, field.state.value)}
        />
      )}
    </form.Field>
  );
  return (
    <form
      className="form profile__block"
      noValidate
      data-testid="profile-password"
      aria-labelledby="profile-password-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className="profile__title" id="profile-password-title">
        {t('profile.password.title')}
      </h2>
      {passwordField('oldPassword', t('profile.password.old'), 'current-password')}
      {passwordField('newPassword', t('profile.password.new'), 'new-password')}
      {passwordField('repeatPassword', t('profile.password.repeat'), 'new-password')}
      <p className="field__hint">{t('profile.password.hint')}</p>
      <FormActions
        failure={failure}
        failureTestId="profile-password-failure"
        busy={submitting}
        saveLabel={t('profile.password.submit')}
        busyLabel={t('profile.saving')}
        saveTestId="profile-password-save"
      />
    </form>
  );
}
