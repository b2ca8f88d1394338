import { PLATFORM_NAME } from '../src/protocol';
import { readConfig } from './config';
import { demoBanner } from './demo/demo-banner';
import { startInstance } from './instance';
import { instagramVerifyToken } from './channels/instagram/instagram-adapter';
import { facebookVerifyToken } from './channels/facebook/facebook-adapter';

const config = readConfig();
const instance = await startInstance(config);

const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
console.log(
  `${PLATFORM_NAME} listening on http://localhost:${String(instance.port)} — database: ${where}`,
);
// What the installation's Meta app needs in its dashboard to send Instagram's webhooks here.
if (process.env.INSTAGRAM_APP_ID && process.env.INSTAGRAM_APP_SECRET) {
  const callback = `${config.publicUrl ?? `http://localhost:${String(instance.port)}`}/api/channels/webhooks/instagram`;
  console.log(
    `Instagram app ${process.env.INSTAGRAM_APP_ID}: webhook callback ${callback}, verify token ${instagramVerifyToken(process.env.INSTAGRAM_APP_SECRET)}; sign-in redirect ${callback.replace('/api/channels/webhooks/instagram', '/api/channel-authorizations/callback')}`,
  );
}
// What the installation's Meta app needs in its dashboard to send Messenger's webhooks here.
if (process.env.FACEBOOK_APP_ID && process.env.FACEBOOK_APP_SECRET) {
  const root = config.publicUrl ?? `http://localhost:${String(instance.port)}`;
  console.log(
    `Facebook app ${process.env.FACEBOOK_APP_ID}: webhook callback ${root}/api/channels/webhooks/facebook, verify token ${facebookVerifyToken(process.env.FACEBOOK_APP_SECRET)}; sign-in redirect ${root}/api/channel-authorizations/callback`,
  );
}
// What the installation's VK app needs in its settings: the address VK sends sign-ins back to.
if (process.env.VK_APP_ID && process.env.VK_APP_SECRET)
  console.log(
    `VK app ${process.env.VK_APP_ID}: sign-in redirect ${config.publicUrl ?? `http://localhost:${String(instance.port)}`}/api/channel-authorizations/callback; communities are reached ${config.publicUrl ? 'by the Callback API' : 'by the Bots Long Poll (no PUBLIC_URL)'}`,
  );
if (config.demo)
  console.log(
    demoBanner(config.publicUrl ?? `http://localhost:${String(instance.port)}`, instance.seeded),
  );

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await instance.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
