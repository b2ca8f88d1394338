import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { encode } from 'uqr';
import { useStore } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { FormActions } from '../../ui/forms/FormActions';
import { TextField } from '../../ui/forms/TextField';
import { problemText } from '../../ui/forms/field-problems';
import { useApi } from '../../ui/http';
import { useI18n } from '../../ui/i18n';
import { generateTotp, toggleTotp, type CallResult, type TotpSecret } from './account-calls';
import { checkTotpCode, groupedSecret, qrPath, totpRefusal } from './two-factor';

/** Where the section is: nothing asked, a secret waiting for its first code, or asking for a code to turn it off. */
type Step = { kind: 'idle' } | { kind: 'setup'; secret: TotpSecret } | { kind: 'disabling' };

/**
 * Two-factor authentication (spec §2, §4): on or off as the user's own row says (kept live by
 * sync); enabling shows the QR code of a fresh secret and asks for a code from it; disabling asks
 * for a code too. A wrong code keeps the form for another try.
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const db = useStore();
  const api = useApi();
  const toast = useToast();
  const row = useLiveQuery(async () => (await db.users.get(userId)) ?? null, [db, userId]);
  // The server's answer to the last switch, until sync brings the row that agrees with it.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (row && answered !== null && row.totpEnabled === answered) setAnswered(null);
  }, [row, answered]);
  const enabled = answered ?? row?.totpEnabled;

  const refusedText = (result: Exclude<CallResult<unknown>, { kind: 'done' }>) =>
    result.kind === 'unreachable'
      ? t('profile.unreachable')
      : problemText(totpRefusal(result.error).problem, i18n);

  const startSetup = async () => {
    setBusy(true);
    setFailure(null);
    const result = await generateTotp(api);
    setBusy(false);
    if (result.kind === 'done') setStep({ kind: 'setup', secret: result.value });
    else setFailure(refusedText(result));
  };

  /** Sends a code; a refusal of the code itself comes back to be shown at the field. */
  const switchTo = async (on: boolean, code: string): Promise<string | null> => {
    setFailure(null);
    const result = await toggleTotp(api, { enabled: on, totpCode: code });
    if (result.kind === 'done') {
      setAnswered(on);
      setStep({ kind: 'idle' });
      toast(t(on ? 'profile.totp.enabled' : 'profile.totp.disabled'));
      return null;
    }
    if (result.kind === 'refused' && totpRefusal(result.error).atCode) return refusedText(result);
    setFailure(refusedText(result));
    return null;
  };

  return (
    <section className="profile__block" aria-labelledby="profile-totp-title" data-testid="totp">
      <h2 className="profile__title" id="profile-totp-title">
        {t('profile.totp.title')}
      </h2>
      {enabled === undefined ? (
        <p className="empty-state">{t('common.loading')}</p>
      ) : (
        <p
          className={`profile__state ${enabled ? 'profile__state--on' : ''}`}
          data-testid="totp-state"
          data-enabled={String(enabled)}
        >
          {t(enabled ? 'profile.totp.on' : 'profile.totp.off')}
        </p>
      )}
      {enabled === false && step.kind !== 'setup' ? (
        <>
          <p className="profile__about">{t('profile.totp.about')}</p>
          <button
            className="button button--primary"
            type="button"
            data-testid="totp-setup"
            disabled={busy}
            onClick={() => void startSetup()}
          >
            {busy ? t('profile.totp.preparing') : t('profile.totp.setup')}
          </button>
        </>
      ) : null}
      {enabled === false && step.kind === 'setup' ? (
        <div className="profile__setup">
          <p>{t('profile.totp.scan')}</p>
          <QrCode text={step.secret.otpauthUrl} label={t('profile.totp.qrLabel')} />
          <p>{t('profile.totp.manual')}</p>
          <code className="profile__secret" data-testid="totp-secret">
            {groupedSecret(step.secret.secret)}
          </code>
          <p>{t('profile.totp.enterCode')}</p>
          <CodeForm
            submitLabel={t('profile.totp.enable')}
            testId="totp-enable"
            onCode={(code) => switchTo(true, code)}
            onCancel={() => {
              setStep({ kind: 'idle' });
            }}
          />
        </div>
      ) : null}
      {enabled === true && step.kind === 'idle' ? (
        <button
          className="button button--danger"
          type="button"
          data-testid="totp-disable"
          onClick={() => {
            setFailure(null);
            setStep({ kind: 'disabling' });
          }}
        >
          {t('profile.totp.disable')}
        </button>
      ) : null}
      {enabled === true && step.kind === 'disabling' ? (
        <div className="profile__setup">
          <p>{t('profile.totp.disableAsk')}</p>
          <CodeForm
            submitLabel={t('profile.totp.disable')}
            testId="totp-disable-confirm"
            danger
            onCode={(code) => switchTo(false, code)}
            onCancel={() => {
              setStep({ kind: 'idle' });
            }}
          />
        </div>
      ) : null}
      {failure ? (
        <p className="form-failure" role="alert" data-testid="totp-failure">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

/** The 6-digit code box with its button; a refused code stays, with the reason under it. */
function CodeForm({
  submitLabel,
  testId,
  danger = false,
  onCode,
  onCancel,
}: {
  submitLabel: string;
  testId: string;
  danger?: boolean;
  /** Sends the code: the text to show at the field when it was refused, else null. */
  onCode: (code: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <form
      className="form profile__code"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkTotpCode(typed);
        if (!checked.ok) {
          setError(problemText(checked.problem, i18n));
          return;
        }
        setError(null);
        setSending(true);
        void onCode(checked.code).then((refused) => {
          setSending(false);
          setError(refused);
        });
      }}
    >
      <TextField
        label={t('profile.totp.code')}
        name="totpCode"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={12}
        value={typed}
        onValue={(value) => {
          setTyped(value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <FormActions
        busy={sending}
        saveLabel={submitLabel}
        busyLabel={t('profile.totp.checking')}
        saveTestId={testId}
        danger={danger}
        onCancel={onCancel}
        cancelDisabled={sending}
      />
    </form>
  );
}

/** The otpauth:// address as a QR code, drawn as one SVG path (uqr encodes, React draws). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [text]);
  return (
    <svg
      className="profile__qr"
      role="img"
      aria-label={label}
      data-testid="totp-qr"
      viewBox={`0 0 ${String(size)} ${String(size)}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
