import * as v from 'valibot';

/**
 * One rule for every text the product takes (docs/errors.md, "Text"): no control character but
 * tab, line feed and carriage return, and no broken UTF-16 (a surrogate without its pair).
 *
 * Why these: PostgreSQL refuses U+0000 in text and jsonb, and a lone surrogate cannot be written
 * as UTF-8 at all, so both failed deep in a write; the other C0 controls, DEL and the C1 controls
 * (U+0080–U+009F, mostly mis-decoded Windows-1252) have no visible form, are never typed by a
 * person, garble logs and exports, and messaging APIs built on XML refuse them. Tab, line feed and
 * carriage return are ordinary in messages and descriptions.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** A control character text may not hold (Unicode Cc without tab, LF and CR). */
const isRefusedControl = (unit: number) =>
  (unit < 0x20 && unit !== TAB && unit !== LINE_FEED && unit !== CARRIAGE_RETURN) ||
  (unit >= 0x7f && unit <= 0x9f);

/** The index of the first UTF-16 code unit the text rule refuses, or -1 when the text is whole. */
export function unsafeCharacterIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isRefusedControl(unit)) return i;
    if (isHighSurrogate(unit)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return i;
      i++; // a whole pair: one character beyond the Basic Multilingual Plane
    } else if (isLowSurrogate(unit)) return i;
  }
  return -1;
}

/** Whether text keeps the text rule. */
export const isSafeText = (text: string): boolean => unsafeCharacterIndex(text) === -1;

/**
 * Text made to keep the rule without refusing it, for a customer's words that arrive from a
 * channel (refusing them would lose them: the customer is not there to type again). Refused
 * control characters are dropped, as they show nothing; a lone surrogate becomes U+FFFD, the
 * replacement character, as every UTF-8 decoder does with a broken sequence.
 */
export function makeTextSafe(text: string): string {
  if (isSafeText(text)) return text;
  let safe = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isRefusedControl(unit)) continue;
    if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      safe += text.slice(i, i + 2);
      i++;
    } else if (isHighSurrogate(unit) || isLowSurrogate(unit)) safe += '\ufffd';
    else safe += text.charAt(i);
  }
  return safe;
}

/**
 * The rule as a valibot action, for a form's text field: a refused character is INVALID_CHARACTERS.
 * The server does not depend on it: every parse of input applies the rule to the whole value
 * (server/domain/core/parse.ts).
 */
export const SafeText = v.check<string, 'INVALID_CHARACTERS'>(isSafeText, 'INVALID_CHARACTERS');

/** A channel's text made safe (makeTextSafe) instead of refused. */
export const CustomerText = v.transform<string, string>(makeTextSafe);

/**
 * A part of an input that is checked later by a schema of its own, text rule included: a
 * command's payload, parsed by its type's schema, so a batch refuses that one command rather than
 * all of them. The rule skips exactly this schema (compared by identity), nothing else.
 */
export const ParsedLater = v.unknown();
