import type { ChannelType } from './entities/channel';
import type { ErrorName } from './errors';
import { LIMITS } from './limits';

/**
 * What each channel can carry of a message's buttons (spec §5: "max 10 buttons (per-channel
 * limits and button text length limits apply)"). The spec's 10 buttons of 64 characters bound
 * every channel; a provider's own smaller limits bound its channels further, so a button saved
 * for an auto-reply (and, later, a bot's node) is one the provider will show whole:
 *
 * - WhatsApp: up to 3 reply buttons of 20 characters, or a list of up to 10 rows of 24 (the
 *   adapter picks by count): 20 holds for both.
 * - Instagram and Facebook Messenger: quick replies, titles of 20 characters (longer ones are
 *   cut by Meta), up to 13.
 * - VK: keyboard buttons' labels of up to 40 characters.
 * - Telegram, Viber bots and the channels without buttons of their own (the text lists them):
 *   the spec's limits.
 */
export type ButtonLimits = { max: number; textMax: number };

const SPEC_BUTTONS: ButtonLimits = { max: LIMITS.nodeMaxButtons, textMax: LIMITS.buttonTextMax };

const PROVIDER_BUTTONS: Readonly<Record<string, ButtonLimits | undefined>> = {
  whatsapp: { max: 10, textMax: 20 },
  instagram: { max: 10, textMax: 20 },
  facebook: { max: 10, textMax: 20 },
  vk_bot: { max: 10, textMax: 40 },
  vk: { max: 10, textMax: 40 },
} satisfies Partial<Record<ChannelType, ButtonLimits>>;

/** The button limits of a channel's type (a ChannelType): the provider's where stricter than the spec's. */
export function buttonLimitsOf(type: string | undefined): ButtonLimits {
  const provider = type === undefined ? undefined : PROVIDER_BUTTONS[type];
  if (!provider) return SPEC_BUTTONS;
  return {
    max: Math.min(provider.max, SPEC_BUTTONS.max),
    textMax: Math.min(provider.textMax, SPEC_BUTTONS.textMax),
  };
}

export type ButtonProblem = {
  name: Extract<ErrorName, 'TOO_MANY_BUTTONS' | 'BUTTON_TEXT_TOO_LONG'>;
  params: { max: number };
  /** The first button over the length limit, for the form to point at. */
  index?: number;
};

/**
 * Whether a list of buttons fits a channel of this type: too many (TOO_MANY_BUTTONS, with the
 * channel's own maximum) or one too long (BUTTON_TEXT_TOO_LONG). Lengths count UTF-16 units, as
 * the schema's 64 does: never more than the characters people see, so nothing that fits is refused
 * for its letters (an emoji counts as two).
 */
export function buttonProblemOf(
  type: string | undefined,
  buttons: readonly string[],
): ButtonProblem | null {
  const limits = buttonLimitsOf(type);
  if (buttons.length > limits.max) return { name: 'TOO_MANY_BUTTONS', params: { max: limits.max } };
  const index = buttons.findIndex((text) => text.length > limits.textMax);
  if (index >= 0) return { name: 'BUTTON_TEXT_TOO_LONG', params: { max: limits.textMax }, index };
  return null;
}

/**
 * The channel types whose provider registers message templates (spec §2 templates/whats-app, §4:
 * one messenger's 24-hour session): WhatsApp alone.
 */
export const TEMPLATE_CHANNEL_TYPES = ['whatsapp'] as const satisfies readonly ChannelType[];
export const takesTemplates = (type: string): boolean =>
  (TEMPLATE_CHANNEL_TYPES as readonly string[]).includes(type);
