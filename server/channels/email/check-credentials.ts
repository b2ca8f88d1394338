import type { EmailChannelSecrets, EmailChannelSettings } from '../../../src/protocol';
import { checkImapLogin } from './imap-receiver';
import { checkPop3Login } from './pop3-receiver';
import { checkSmtpLogin } from './smtp-sender';

/**
 * Before a channel is saved: log in where it receives (IMAP or POP3) and where it sends (SMTP).
 * An unreachable server is MAIL_SERVER_UNREACHABLE, a refused login MAIL_LOGIN_FAILED, each with
 * the host that failed; nothing is stored.
 */
export async function checkEmailCredentials(
  settings: EmailChannelSettings,
  secrets: EmailChannelSecrets,
): Promise<void> {
  if (settings.protocol === 'imap') await checkImapLogin(settings.receive, secrets.receivePassword);
  else await checkPop3Login(settings.receive, secrets.receivePassword);
  await checkSmtpLogin(settings.send, secrets.sendPassword);
}
