import { newId } from '../../src/protocol';
import type { FakeWhatsAppAccount } from '../providers/whatsapp/cloud-api-server';
import { command, login, sendCommands, type Suite } from './harness';

/** An administrator connects a WhatsApp channel of the demo's Support team to a local account. */
export async function connectWhatsApp(
  suite: Suite,
  account: FakeWhatsAppAccount,
  name: string,
  overrides: { phone?: string; login?: string; password?: string } = {},
) {
  const admin = await login(suite.server, 'admin@demo.test');
  const channelId = newId();
  const [result] = await sendCommands(suite.server, admin, [
    command('channel.create', {
      channelId,
      type: 'whatsapp',
      name,
      teamId: suite.ids.support.id,
      notificationEmail: null,
      teamVisibility: true,
      active: true,
      ratingText: '',
      ratingBeforeEnd: false,
      settings: {
        phone: overrides.phone ?? account.phone,
        login: overrides.login ?? account.accountId,
      },
      secrets: { password: overrides.password ?? account.token, appSecret: account.appSecret },
    }),
  ]);
  return { admin, channelId, result };
}
