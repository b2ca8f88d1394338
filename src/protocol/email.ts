/**
 * The one spelling of an e-mail address, used wherever an address is stored, looked up or
 * counted: user records, the login lookup, the login limits and the browser's prediction of a
 * saved user. Spellings a person means as the same address become one: surrounding spaces, case,
 * and Unicode compatibility forms (NFKC: a full-width `ａ` or `＠` typed through an input method
 * is `a` or `@`). Applying it twice changes nothing.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().trim();
}
