import { spawn, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  rmSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/**
 * A private Dovecot (Debian's dovecot-imapd and dovecot-pop3d, installed by
 * scripts/ensure-dovecot.sh) for one test file: its own config, users, maildirs, sockets and log
 * in a temp dir, IMAP and POP3 on free ports of 127.0.0.1, plain-text login without TLS. The
 * system's /etc/dovecot is never read.
 */
export interface MailUser {
  login: string;
  password: string;
}

export interface Dovecot {
  host: string;
  imapPort: number;
  pop3Port: number;
  /** A customer's mail arriving in a user's mailbox (IMAP APPEND, as a delivery agent would). */
  deliver(user: MailUser, raw: string | Buffer, mailbox?: string): Promise<void>;
  /**
   * Deletes a mailbox (other than INBOX) and creates it again, empty: Dovecot gives the new one
   * a new UIDVALIDITY, as a server that rebuilt its index does.
   */
  recreateMailbox(user: MailUser, mailbox: string): Promise<void>;
  stop(): Promise<void>;
}

const DOVECOT = '/usr/sbin/dovecot';

export function dovecotInstalled(): boolean {
  return (
    existsSync(DOVECOT) &&
    existsSync('/usr/lib/dovecot/imap') &&
    existsSync('/usr/lib/dovecot/pop3')
  );
}

/** The installed version's major.minor: 2.4 renamed the cleartext setting. */
function dovecotVersion(): [number, number] {
  const out = execFileSync(DOVECOT, ['--version'], { encoding: 'utf8' });
  const [major, minor] = out.trim().split(/[.\s]/).map(Number);
  return [major ?? 2, minor ?? 3];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

/** Where each process runs and who owns the mail: as root, Dovecot's own system users. */
function accounts(): { loginUser: string; internalUser: string; uid: number; gid: number } {
  const me = userInfo();
  if (me.uid !== 0) {
    // Rootless: every process runs as this user (Dovecot's documented non-root setup).
    return { loginUser: me.username, internalUser: me.username, uid: me.uid, gid: me.gid };
  }
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('dovecot:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { loginUser: 'dovenull', internalUser: 'dovecot', uid: Number(uid), gid: Number(gid) };
}

export async function startDovecot(users: MailUser[]): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
  // Dovecot's auth and mail processes drop to their own users and must reach the files here.
  chmodSync(dir, 0o755);
  const acc = accounts();
  const [imapPort, pop3Port] = [await freePort(), await freePort()];
  const [major, minor] = dovecotVersion();
  const newer = major > 2 || (major === 2 && minor >= 4);
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  const passwd = users
    .map(
      (u) => `${u.login}:{PLAIN}${u.password}:${acc.uid}:${acc.gid}::${join(dir, 'mail', u.login)}`,
    )
    .join('\n');
  writeFileSync(join(dir, 'users'), `${passwd}\n`);
  // 2.3 syntax; 2.4 (Debian trixie) renamed a few settings.
  const conf = [
    newer ? 'dovecot_config_version = 2.4.0' : '',
    newer ? 'dovecot_storage_version = 2.4.0' : '',
    `base_dir = ${join(dir, 'run')}`,
    `state_dir = ${join(dir, 'state')}`,
    `log_path = ${join(dir, 'dovecot.log')}`,
    `instance_name = dovecot-test-${imapPort}`,
    'protocols = imap pop3',
    'listen = 127.0.0.1',
    'ssl = no',
    newer ? 'auth_allow_cleartext = yes' : 'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // Tests try wrong passwords on purpose; the default 2 s penalty would only slow them.
    'auth_failure_delay = 0',
    `default_login_user = ${acc.loginUser}`,
    `default_internal_user = ${acc.internalUser}`,
    `default_internal_group = ${acc.internalUser}`,
    'first_valid_uid = 1',
    newer ? `mail_driver = maildir\nmail_path = ~/Maildir` : 'mail_location = maildir:~/Maildir',
    // UIDL as most servers report it, so a POP3 client can remember what it has read.
    'pop3_uidl_format = %08Xu%08Xv',
    // IDLE tells of new mail within a second even where inotify does not reach (containers).
    'mailbox_idle_check_interval = 1 secs',
    newer
      ? `passdb passwd-file {\n  passwd_file_path = ${join(dir, 'users')}\n}\nuserdb passwd-file {\n  passwd_file_path = ${join(dir, 'users')}\n}`
      : `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN ${join(dir, 'users')}\n}\nuserdb {\n  driver = passwd-file\n  args = ${join(dir, 'users')}\n}`,
    `service imap-login {\n  inet_listener imap {\n    port = ${imapPort}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    `service pop3-login {\n  inet_listener pop3 {\n    port = ${pop3Port}\n  }\n  inet_listener pop3s {\n    port = 0\n  }\n}`,
    // No LMTP, submission or stats sockets: only what the tests speak.
    'service stats {\n  unix_listener stats-reader {\n    mode = 0600\n  }\n  unix_listener stats-writer {\n    mode = 0666\n  }\n}',
  ]
    .filter(Boolean)
    .join('\n');
  writeFileSync(join(dir, 'dovecot.conf'), `${conf}\n`);
  for (const sub of ['mail', 'state']) chownSync(join(dir, sub), acc.uid, acc.gid);
  const conf_ = join(dir, 'dovecot.conf');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(DOVECOT, ['-c', conf_], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`dovecot did not start (${String(code)}): ${err}`));
    });
  });
  await waitForPort(imapPort, dir);
  await waitForPort(pop3Port, dir);

  const imap = (user: MailUser) =>
    new ImapFlow({
      host: '127.0.0.1',
      port: imapPort,
      secure: false,
      auth: { user: user.login, pass: user.password },
      logger: false,
    });
  return {
    host: '127.0.0.1',
    imapPort,
    pop3Port,
    async deliver(user, raw, mailbox = 'INBOX') {
      const client = imap(user);
      await client.connect();
      try {
        if (mailbox !== 'INBOX') await client.mailboxCreate(mailbox).catch(() => undefined);
        await client.append(mailbox, raw);
      } finally {
        await client.logout();
      }
    },
    async recreateMailbox(user, mailbox) {
      const client = imap(user);
      await client.connect();
      try {
        await client.mailboxDelete(mailbox).catch(() => undefined);
        await client.mailboxCreate(mailbox);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      try {
        execFileSync(DOVECOT, ['-c', conf_, 'stop'], { stdio: 'ignore' });
      } catch {
        // already stopped
      }
      await waitUntilClosed(imapPort);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function connectOnce(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

async function waitForPort(port: number, dir: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await connectOnce(port)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  const log = existsSync(join(dir, 'dovecot.log'))
    ? readFileSync(join(dir, 'dovecot.log'), 'utf8')
    : '';
  throw new Error(`dovecot is not listening on ${port}: ${log}`);
}

async function waitUntilClosed(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!(await connectOnce(port))) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}
