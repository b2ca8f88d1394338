import * as v from 'valibot';
import { IdSchema } from './ids';
import { LIMITS } from './limits';
import {
  CustomerMessageTextSchema,
  EmailSchema,
  PasswordSchema,
  TotpCodeSchema,
  customerDetail,
} from './validation';
import { LanguageSchema } from './entities/organization';
import { CommandEnvelopeSchema } from './commands';
import { AttachmentListSchema, type Attachment } from './attachments';
import type { ApiError } from './errors';
import { SafeText } from './text';
import type { WidgetShownChannel } from './customer-links';
import type { SiteChatInitialState } from './channel-settings';
import { ReportQuerySchema } from './reports/report-api';

/** Every JSON answer of /api: `{ code, entity, error }`. */
export type ApiAnswer<T> =
  | { code: 'ok'; entity: T }
  | { code: 'totp_required'; entity: { ticket: string } }
  | { code: 'error'; error: ApiError };

export const TotpToggleBody = v.object({ enabled: v.boolean(), totpCode: TotpCodeSchema });
export const AccountUpdateBody = v.object({
  name: v.optional(
    v.pipe(v.string(), v.trim(), SafeText, v.minLength(1), v.maxLength(LIMITS.userNameMax)),
  ),
  language: v.optional(LanguageSchema),
  phone: v.optional(v.nullable(v.pipe(v.string(), SafeText, v.maxLength(LIMITS.phoneMax)))),
});
export const PasswordChangeBody = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.minLength(1)),
    newPassword: PasswordSchema,
    repeatPassword: v.string(),
  }),
  v.forward(
    v.check((b) => b.newPassword === b.repeatPassword, 'PASSWORDS_DO_NOT_MATCH'),
    ['repeatPassword'],
  ),
);
export const LogoutBody = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) });
export const UserShortQuery = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(64)), ''),
});
export const CurrentUserQuery = v.object({ pwa: v.optional(v.picklist(['true', 'false'])) });

/** `POST /api/reports`: a report query (src/protocol/reports/report-api.ts). */
export const ReportsBody = ReportQuerySchema;

export const CommandsBody = v.object({
  commands: v.pipe(
    v.array(CommandEnvelopeSchema),
    v.minLength(1),
    v.maxLength(LIMITS.commandBatchMax),
  ),
});
export type CommandResult =
  { id: string; ok: true; seq: number } | { id: string; ok: false; error: ApiError };

export const EventsQuery = v.object({
  after: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1), v.maxValue(5000)),
    '1000',
  ),
});

/** `GET /api/auth/user` entity: checked by the browser, as answers and stored copies are input. */
export const CurrentUserSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  language: LanguageSchema,
  organization: v.object({ id: v.string(), name: v.string() }),
  role: v.object({ name: v.string(), rights: v.array(v.object({ name: v.string() })) }),
  options: v.array(v.string()),
});
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

export type UserShort = { id: string; name: string };

/** What the site-chat widget shows: the customer's thread as they see it (spec §3 site_chat). */
export type VisitorItem =
  | {
      seq: number;
      kind: 'message';
      message: {
        id: string;
        text: string;
        from: 'me' | 'operator' | 'bot';
        createdAt: string;
        attachments: Attachment[];
        /** Answers the system bot offers (auto-replies); the customer may tap one. */
        buttons?: string[];
        /** A chat bot's link buttons: each opens its once-usable /bot-action/{actionId} page. */
        links?: { name: string; actionId: string }[];
      };
    }
  | { seq: number; kind: 'closed'; chatId: string; ratingLinkId: string | null }
  | { seq: number; kind: 'rated'; chatId: string; rating: number };

export type WidgetConfig = {
  channelId: string;
  active: boolean;
  title: string;
  subtitle: string;
  welcomeMessage: string;
  logoUrl: string | null;
  /**
   * The organization's other channels the customer may also write to, active now, with their
   * public links (customer-links.ts); never another setting of theirs.
   */
  shownChannels: WidgetShownChannel[];
  /**
   * Whether the panel opens by itself on a customer's first visit (spec §3 "closed/open/initial
   * state"); once the customer opens or closes it, their choice wins (src/widget/widget-state.ts).
   */
  initialState: SiteChatInitialState;
};

/**
 * A widget message: text, files the visitor uploaded first, or both. The customer's words and name
 * are made safe rather than refused (src/protocol/text.ts): a refusal would stall their widget.
 */
export const VisitorMessageBody = v.object({
  id: IdSchema,
  text: v.optional(CustomerMessageTextSchema, ''),
  name: v.optional(customerDetail(0, 255)),
  attachments: AttachmentListSchema,
});

/** `GET /api/public/rating/:id`: what the public rating page needs to show. */
export type RatingLinkView = { used: boolean; rating: number | null; organization: string };
/**
 * `POST /api/public/bot-action/:id`: a chat bot's once-usable page opened (docs/chatbots.md).
 * A link button's page is used by its first opening, which then goes on to the address; the
 * limit page only says the bot's message limit was reached.
 */
export type BotActionView =
  | { kind: 'link'; name: string; url: string; firstUse: boolean; organization: string }
  | { kind: 'limit'; organization: string };

export const RatingBody = v.object({
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
});
export const ChatIdParams = v.object({ id: IdSchema });
export { EmailSchema };
