import { afterAll, beforeAll } from 'vitest';
import type { ChannelAdapter } from '../../server/channels/adapter';
import { channelAdapters } from '../../server/channels/registry';
import {
  startCloudApiServer,
  type CloudApiServer,
  type FakeWhatsAppAccount,
} from '../providers/whatsapp/cloud-api-server';
import { serverForSuite, type Suite } from './harness';
import { connectChannel } from './provider-channel-helpers';

/**
 * A server for the enclosing file whose WhatsApp adapter speaks to a local Cloud API, started
 * before its tests and closed after them. `api()` is that Cloud API once it is up.
 */
export function whatsappSuite(): { suite: Suite; api: () => CloudApiServer } {
  let api: CloudApiServer | undefined;
  const adapters: { whatsapp?: ChannelAdapter } = {};
  beforeAll(async () => {
    api = await startCloudApiServer();
    Object.assign(adapters, channelAdapters({ WHATSAPP_API_ROOT: api.url }));
  });
  afterAll(() => api?.close());
  const suite = serverForSuite({ channelAdapters: adapters });
  return {
    suite,
    api: () => {
      if (!api) throw new Error('the local Cloud API is not up yet');
      return api;
    },
  };
}

/** An administrator connects a WhatsApp channel of the demo's Support team to a local account. */
export const connectWhatsApp = (
  suite: Suite,
  account: FakeWhatsAppAccount,
  name: string,
  overrides: { phone?: string; login?: string; password?: string } = {},
) =>
  connectChannel(
    suite,
    'whatsapp',
    name,
    {
      phone: overrides.phone ?? account.phone,
      login: overrides.login ?? account.accountId,
    },
    { password: overrides.password ?? account.token, appSecret: account.appSecret },
  );
