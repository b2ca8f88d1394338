import * as v from 'valibot';
import { TotpCodeSchema, type ApiError, type ErrorName } from '../../protocol';
import type { FieldProblem } from '../../ui/forms/field-problems';

/**
 * The code as typed: spaces and dashes some apps show inside it ("123 456") are dropped; the
 * rest must be the 6 digits of spec §5 (TOTP_CODE_BAD_FORMAT), the server's own rule.
 */
export function checkTotpCode(
  typed: string,
): { ok: true; code: string } | { ok: false; problem: FieldProblem } {
  const code = typed.replace(/[\s-]/g, '');
  if (code === '') return { ok: false, problem: { kind: 'required' } };
  const parsed = v.safeParse(TotpCodeSchema, code);
  return parsed.success
    ? { ok: true, code: parsed.output }
    : { ok: false, problem: { kind: 'error', name: 'TOTP_CODE_BAD_FORMAT' } };
}

/** The secret in groups of four, as authenticator apps print it, so a person can copy it by eye. */
export const groupedSecret = (secret: string): string =>
  (secret.replace(/=+$/, '').match(/.{1,4}/g) ?? []).join(' ');

/** Refusals that concern the code the user typed: shown at the field, which stays for another try. */
const AT_CODE: readonly ErrorName[] = [
  'TOTP_CODE_WRONG',
  'TOTP_CODE_BAD_FORMAT',
  'TOTP_CODE_MANDATORY',
];

export function totpRefusal(error: ApiError): { atCode: boolean; problem: FieldProblem } {
  return {
    atCode: AT_CODE.includes(error.name),
    problem: { kind: 'error', name: error.name, params: error.params },
  };
}

/**
 * An SVG path drawing the dark modules of a QR code, one unit per module: `M x y h1 v1 h-1 z` for
 * each, merged along rows so a version-5 code is a few hundred segments, not thousands of nodes.
 */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${String(start)} ${String(y)}h${String(x - start)}v1h-${String(x - start)}z`);
    }
  });
  return parts.join('');
}
