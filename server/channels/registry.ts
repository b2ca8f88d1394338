import type { ConnectableChannelType } from '../../src/protocol';
import type { ChannelAdapter } from './adapter';
import { emailAdapter } from './email/email-adapter';
import { facebookAdapter } from './facebook/facebook-adapter';
import { instagramAdapter } from './instagram/instagram-adapter';
import { viberBotAdapter } from './viber/viber-adapter';
import { viberBusinessAdapter } from './viber-business/viber-business-adapter';
import { vkBotAdapter } from './vk/vk-adapter';
import { avitoAdapter } from './avito/avito-adapter';
import { telegramAdapter } from './telegram/telegram-adapter';
import { whatsappAdapter } from './whatsapp/whatsapp-adapter';

/**
 * Which adapter serves each connectable channel type. The server is built with one such map
 * (ServerOptions.channelAdapters; tests give adapters of their own that speak to a local
 * provider), so nothing else names an adapter.
 */
export type ChannelAdapters = { readonly [T in ConnectableChannelType]?: ChannelAdapter };

/** What an adapter is made from: the process environment (TELEGRAM_API_ROOT, PUBLIC_URL, …). */
export type AdapterEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * One line per channel type: `telegram: (env) => telegramAdapter(env)`. A type listed in
 * CHANNEL_TYPE_SETTINGS (src/protocol/channel-settings.ts) with no line here cannot be
 * connected (CHANNEL_SERVICE_NOT_FOUND).
 */
const ADAPTER_FACTORIES: {
  readonly [T in ConnectableChannelType]?: (env: AdapterEnvironment) => ChannelAdapter;
} = {
  email: () => emailAdapter(),
  telegram: (env) => telegramAdapter(env),
  whatsapp: (env) => whatsappAdapter(env),
  instagram: (env) => instagramAdapter(env),
  viber_bot: (env) => viberBotAdapter(env),
  avito: (env) => avitoAdapter(env),
  vk_bot: (env) => vkBotAdapter(env),
  facebook: (env) => facebookAdapter(env),
  viber: (env) => viberBusinessAdapter(env),
};

/** The installation's adapters, made from its environment. */
export function channelAdapters(env: AdapterEnvironment = process.env): ChannelAdapters {
  const adapters: { [T in ConnectableChannelType]?: ChannelAdapter } = {};
  for (const [type, make] of Object.entries(ADAPTER_FACTORIES) as [
    ConnectableChannelType,
    (env: AdapterEnvironment) => ChannelAdapter,
  ][])
    adapters[type] = make(env);
  return adapters;
}

/** The adapter of a type, or undefined when the installation has none for it. */
export const adapterOf = (adapters: ChannelAdapters, type: string): ChannelAdapter | undefined =>
  Object.hasOwn(adapters, type) ? adapters[type as ConnectableChannelType] : undefined;
