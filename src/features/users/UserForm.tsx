import { useEffect, useId, useRef, useState } from 'react';
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import { LIMITS, newId, type Role, type Team, type User } from '../../protocol';
import type { FileSource } from '../../store/file-fetch';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { FormActions } from '../../ui/forms/FormActions';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { checkedFields, firstError } from '../../ui/forms/field-problems';
import { shownRole } from '../../ui/built-in-roles';
import { useI18n } from '../../ui/i18n';
import { AvatarImage, UserAvatar } from './UserAvatar';
import {
  checkUserForm,
  photoProblem,
  readAutoBreak,
  startsAsJpeg,
  userFormDefaults,
  userProblemText,
  userRefusal,
  type PhotoChoice,
  type UserField,
  type UserFormValues,
} from './user-form';
import { lastActivityText, presenceOf } from './user-list';

type Errors = readonly unknown[];

/** The form's value as sent, to tell whether the user changed a field since its refusal. */
const sameValue = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/** A picked file as the form holds it; its first bytes say whether it really is a JPEG. */
async function pickedPhoto(file: File): Promise<PhotoChoice> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return {
    kind: 'new',
    id: newId(),
    blob: file,
    name: file.name,
    type: file.type,
    size: file.size,
    looksJpeg: startsAsJpeg(head),
  };
}

/** An object URL of a just-picked photo for its preview, let go when it changes or leaves. */
function usePreviewUrl(photo: PhotoChoice): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const blob = photo.kind === 'new' ? photo.blob : null;
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url;
}

/**
 * Add or edit a user (spec §2, §3, §5), saved whole through `user.create` / `user.update`. Each
 * field is checked with the server's own schema as the user corrects it after a first save; the
 * server's refusals (a taken e-mail, a photo it would not take) show at their field.
 */
export function UserForm({
  userId,
  user,
  roles,
  teams,
  newRoleId,
  isSelf,
  canManageTeams,
  fileSource,
  onDone,
}: {
  userId: string;
  /** The user as they were when the form opened; undefined for a new one. */
  user: User | undefined;
  /** The roles the role box offers (user-form.ts roleChoices). */
  roles: readonly Role[];
  teams: readonly Team[];
  newRoleId: string;
  /** The administrator edits their own account: no deactivation, no password here. */
  isSelf: boolean;
  canManageTeams: boolean;
  fileSource: FileSource;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const isNew = user === undefined;
  const save = useCommandSubmit(() => {
    toast(t(isNew ? 'users.created' : 'users.saved'));
    onDone();
  });
  // What was sent: a refusal stays at its field until the user changes that field.
  const [sent, setSent] = useState<UserFormValues | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const photoLabelId = useId();

  const form = useForm({
    defaultValues: userFormDefaults(user, newRoleId),
    // Checked on the first save, then again at each change, so an error leaves as it is fixed.
    validationLogic: revalidateLogic(),
    validators: {
      onDynamic: checkedFields(
        (values: UserFormValues) => checkUserForm(values, userId, isNew),
        (problem) => userProblemText(problem, i18n),
      ),
    },
    onSubmit: async ({ value }) => {
      const checked = checkUserForm(value, userId, isNew);
      if (!checked.ok) return;
      setSent(value);
      const photo = value.photo;
      const files =
        photo.kind === 'new'
          ? [{ id: photo.id, blob: photo.blob, name: photo.name, type: photo.type }]
          : [];
      await save.submit(checked.save, files);
    },
  });

  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const refusal = save.outcome.state === 'rejected' ? userRefusal(save.outcome.error) : null;
  const close = () => {
    void save.abandon();
    onDone();
  };
  /** The field's own error, else the server's refusal of the value the user still has there. */
  const errorAt = (field: UserField, errors: Errors, value: unknown): string | undefined =>
    firstError(errors) ??
    (refusal?.field === field && sent && sameValue(sent[field as keyof UserFormValues], value)
      ? userProblemText(refusal.problem, i18n)
      : undefined);

  return (
    <form
      className="form user-form"
      noValidate
      data-testid="user-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="photo">
        {(field) => {
          const photo = field.state.value;
          // A picked file is judged at once: nobody should fill the whole form to learn that.
          const picked = photoProblem(photo);
          const error = picked
            ? userProblemText(picked, i18n)
            : errorAt('photo', field.state.meta.errors, photo);
          const hasPhoto = photo.kind === 'new' || (photo.kind === 'kept' && !!user?.photoUrl);
          return (
            <div className="field" role="group" aria-labelledby={photoLabelId}>
              <span className="field__label" id={photoLabelId}>
                {t('users.field.photo')}
              </span>
              <div className="user-form__photo">
                <PhotoPreview
                  photo={photo}
                  name={user?.name ?? ''}
                  storedUrl={user?.photoUrl ?? null}
                  fileSource={fileSource}
                />
                <div className="user-form__photo-actions">
                  <input
                    ref={photoInput}
                    className="visually-hidden"
                    type="file"
                    accept="image/jpeg,.jpg,.jpeg"
                    name="photo"
                    data-testid="user-photo-input"
                    aria-label={t('users.field.photoChoose')}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) void pickedPhoto(file).then(field.handleChange);
                    }}
                  />
                  <button
                    className="button"
                    type="button"
                    onClick={() => photoInput.current?.click()}
                  >
                    {t(hasPhoto ? 'users.field.photoReplace' : 'users.field.photoChoose')}
                  </button>
                  {hasPhoto ? (
                    <button
                      className="button button--link"
                      type="button"
                      data-testid="user-photo-remove"
                      onClick={() => {
                        field.handleChange(
                          photo.kind === 'new' && !user?.photoUrl
                            ? { kind: 'kept' }
                            : { kind: 'removed' },
                        );
                      }}
                    >
                      {t('users.field.photoRemove')}
                    </button>
                  ) : null}
                  <span className="field__hint">{t('users.field.photoHint')}</span>
                </div>
              </div>
              {error ? (
                <span className="field__error" role="alert">
                  {error}
                </span>
              ) : null}
            </div>
          );
        }}
      </form.Field>

      <form.Field name="name">
        {(field) => (
          <TextField
            label={t('users.field.name')}
            name="name"
            autoComplete="off"
            required
            maxLength={LIMITS.userNameMax + 10}
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={errorAt('name', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <div className="form__row">
        <form.Field name="email">
          {(field) => (
            <TextField
              label={t('users.field.email')}
              name="email"
              type="email"
              autoComplete="off"
              required
              value={field.state.value}
              onValue={field.handleChange}
              onBlur={field.handleBlur}
              error={errorAt('email', field.state.meta.errors, field.state.value)}
            />
          )}
        </form.Field>
        <form.Field name="phone">
          {(field) => (
            <TextField
              label={t('users.field.phone')}
              name="phone"
              type="tel"
              autoComplete="off"
              value={field.state.value}
              onValue={field.handleChange}
              onBlur={field.handleBlur}
              error={errorAt('phone', field.state.meta.errors, field.state.value)}
            />
          )}
        </form.Field>
      </div>
      <form.Field name="affiliation">
        {(field) => (
          <TextField
            label={t('users.field.affiliation')}
            name="affiliation"
            autoComplete="off"
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={errorAt('affiliation', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <p className="form__hint">{t('users.field.affiliationHint')}</p>

      <form.Field name="roleId">
        {(field) => (
          <SelectField
            label={t('users.field.role')}
            name="roleId"
            required
            value={field.state.value}
            options={[
              ...(field.state.value === '' ? [{ value: '', label: '—' }] : []),
              ...roles.map((role) => ({ value: role.id, label: shownRole(role, t).name })),
            ]}
            onValue={field.handleChange}
            error={errorAt('roleId', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>
      <p className="form__hint">{t('users.field.roleHint')}</p>

      <form.Field name="teamIds">
        {(field) => {
          const error = errorAt('teamIds', field.state.meta.errors, field.state.value);
          return (
            <fieldset
              className="user-form__fieldset"
              disabled={!canManageTeams}
              data-testid="user-teams"
            >
              <legend>{t('users.field.teams')}</legend>
              {teams.length === 0 ? (
                <p className="form__hint">{t('users.field.teamsNone')}</p>
              ) : (
                <div className="user-form__teams">
                  {teams.map((team) => (
                    <CheckboxField
                      key={team.id}
                      label={team.name}
                      name="teamIds"
                      value={team.id}
                      checked={field.state.value.includes(team.id)}
                      onChecked={(checked) => {
                        const others = field.state.value.filter((id) => id !== team.id);
                        field.handleChange(checked ? [...others, team.id] : others);
                      }}
                    />
                  ))}
                </div>
              )}
              {canManageTeams ? null : <p className="form__hint">{t('users.field.teamsLocked')}</p>}
              {error ? <span className="field__error">{error}</span> : null}
            </fieldset>
          );
        }}
      </form.Field>

      <form.Field name="autoBreak">
        {(field) => {
          // Spec §5: a wrong value is told, not refused; the save turns the break off.
          const wrong = readAutoBreak(field.state.value).kind === 'wrong';
          return (
            <TextField
              label={t('users.field.autoBreak')}
              name="autoBreak"
              inputMode="numeric"
              autoComplete="off"
              value={field.state.value}
              onValue={field.handleChange}
              onBlur={field.handleBlur}
              error={wrong ? t('users.error.autoBreak') : undefined}
            />
          );
        }}
      </form.Field>
      <p className="form__hint">{t('users.field.autoBreakHint')}</p>

      <form.Field name="active">
        {(field) => (
          <CheckboxField
            label={t('users.field.active')}
            hint={t(isSelf ? 'users.field.activeSelf' : 'users.field.activeHint')}
            name="active"
            disabled={isSelf}
            checked={field.state.value}
            onChecked={field.handleChange}
          />
        )}
      </form.Field>

      {isNew ? null : isSelf ? (
        <p className="form__hint">{t('users.field.ownPassword')}</p>
      ) : (
        <form.Field name="setPassword">
          {(field) => (
            <CheckboxField
              label={t('users.field.setPassword')}
              hint={t('users.field.setPasswordHint')}
              name="setPassword"
              checked={field.state.value}
              onChecked={field.handleChange}
            />
          )}
        </form.Field>
      )}
      <form.Subscribe selector={(state) => isNew || state.values.setPassword}>
        {(asking) =>
          asking ? (
            <>
              <div className="form__row">
                <form.Field name="password">
                  {(field) => (
                    <TextField
                      label={t('users.field.password')}
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      required
                      value={field.state.value}
                      onValue={field.handleChange}
                      onBlur={field.handleBlur}
                      error={errorAt('password', field.state.meta.errors, field.state.value)}
                    />
                  )}
                </form.Field>
                <form.Field name="repeatPassword">
                  {(field) => (
                    <TextField
                      label={t('users.field.repeatPassword')}
                      name="repeatPassword"
                      type="password"
                      autoComplete="new-password"
                      required
                      value={field.state.value}
                      onValue={field.handleChange}
                      onBlur={field.handleBlur}
                      error={errorAt('repeatPassword', field.state.meta.errors, field.state.value)}
                    />
                  )}
                </form.Field>
              </div>
              <p className="form__hint">{t('users.field.passwordHint')}</p>
            </>
          ) : null
        }
      </form.Subscribe>

      {user ? (
        <dl className="user-form__readonly" data-testid="user-last-activity">
          <dt>{t('users.field.lastActivity')}</dt>
          <dd>
            {lastActivityText(user.lastActivityAt, i18n)} ·{' '}
            {t(`users.presence.${presenceOf(user)}`)}
          </dd>
        </dl>
      ) : null}

      <FormActions
        state={save.outcome.state}
        failure={refusal?.field === null ? userProblemText(refusal.problem, i18n) : null}
        busy={submitting || save.outcome.state === 'waiting'}
        saveTestId="user-save"
        onCancel={close}
      />
    </form>
  );
}

/** The photo the form will save: a new pick, the stored one, or the initials when there is none. */
function PhotoPreview({
  photo,
  name,
  storedUrl,
  fileSource,
}: {
  photo: PhotoChoice;
  name: string;
  storedUrl: string | null;
  fileSource: FileSource;
}) {
  const preview = usePreviewUrl(photo);
  if (photo.kind === 'new' && preview)
    return <AvatarImage name={name} url={preview} size="large" />;
  return (
    <UserAvatar
      name={name}
      photoUrl={photo.kind === 'kept' ? storedUrl : null}
      source={fileSource}
      size="large"
    />
  );
}
