import type { CheckResult } from '../adapter';
import { GraphApiError } from '../meta/graph-client';
import { CloudApiClient } from './cloud-api-client';

/**
 * A WhatsApp Business Account's id, as Meta issues it: digits only. Checked before it is put into
 * an address, so no typed text can reshape the path.
 */
const ACCOUNT_ID = /^\d{1,30}$/;

const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

/**
 * Asks Meta for the account's phone numbers (spec §3: "phone number in digits with country code,
 * provider login, provider password" — the login is the WhatsApp Business Account's id, the
 * password a system user's access token). A refused token is "Incorrect token specified" at the
 * password; an unknown account is an invalid field at the login; an account without this number
 * is one at the phone. The number's Cloud API id is the channel's identity: one number feeds one
 * channel, and a replaced token must still reach it.
 */
export async function checkWhatsAppAccount(
  apiRoot: string,
  settings: Readonly<Record<string, unknown>>,
  token: string | undefined,
  signal: AbortSignal,
): Promise<CheckResult> {
  const accountId = typeof settings.login === 'string' ? settings.login : '';
  const phone = typeof settings.phone === 'string' ? settings.phone : '';
  if (!ACCOUNT_ID.test(accountId))
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'login' };
  if (token === undefined || token === '')
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'password' };
  let numbers;
  try {
    numbers = await new CloudApiClient(apiRoot, token).phoneNumbers(accountId, signal);
  } catch (error) {
    // No answer at all is the pipeline's "cannot be reached with these fields" (it catches).
    if (!(error instanceof GraphApiError) || error.status === 0) throw error;
    if (error.tokenLapsed || error.status === 401)
      return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'password' };
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'login' };
  }
  const number = numbers.find((entry) => digitsOf(entry.display_phone_number) === phone);
  if (!number) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'phone' };
  return {
    ok: true,
    identity: number.id,
    settings: {
      phoneNumberId: number.id,
      displayName: number.verified_name ?? number.display_phone_number,
    },
  };
}
