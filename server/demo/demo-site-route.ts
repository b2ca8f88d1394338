import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_NAME } from '../../src/protocol';
import { channels, organizations } from '../db/schema';
import type { Database } from '../db/database';
import { errorBody } from '../http/error-handler';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * `/demo/site`: a small company page with the site-chat widget embedded, so `npm start` shows
 * both sides of a conversation. It uses the demo organization's site-chat channel.
 */
export function demoSiteRoute(app: FastifyInstance, database: Database): void {
  app.get('/demo/site', async (_request, reply) => {
    const [channel] = await database.db
      .select({ id: channels.id })
      .from(channels)
      .innerJoin(organizations, eq(organizations.id, channels.orgId))
      .where(
        and(
          eq(organizations.login, 'demo'),
          eq(channels.type, 'site_chat'),
          eq(channels.active, true),
        ),
      )
      .orderBy(asc(channels.createdAt))
      .limit(1);
    if (!channel) return reply.status(404).send(errorBody('CHANNEL_NOT_FOUND', 'en'));
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Store — shoes and jackets since 2012</title>
<style>
body { margin: 0; font-family: Georgia, serif; color: #1f2937; background: #fdfaf5; }
header { padding: 28px 40px; border-bottom: 1px solid #e7dfd2; display: flex; justify-content: space-between; align-items: baseline; }
header h1 { margin: 0; font-size: 28px; letter-spacing: .5px; }
nav a { margin-left: 20px; color: #6b4f2a; text-decoration: none; }
main { max-width: 880px; margin: 40px auto; padding: 0 40px; }
.hero { font-size: 22px; line-height: 1.5; }
.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 20px; margin-top: 36px; }
.card { background: #fff; border: 1px solid #e7dfd2; border-radius: 12px; padding: 18px; }
footer { text-align: center; color: #8a7a63; padding: 40px; font-size: 14px; }
</style>
</head>
<body>
<header><h1>Demo Store</h1><nav><a href="#">Shoes</a><a href="#">Jackets</a><a href="#">Delivery</a></nav></header>
<main>
<p class="hero">Handmade shoes and warm jackets, delivered across the country in three days. Questions about an order? Write to us in the chat: a real person answers.</p>
<div class="cards">
<div class="card"><h3>Free delivery</h3><p>On every order over 5,000.</p></div>
<div class="card"><h3>30-day returns</h3><p>In any of our shops or by courier.</p></div>
<div class="card"><h3>Gift cards</h3><p>From 1,000, sent by e-mail.</p></div>
</div>
</main>
<footer>Demo Store · 12 Sample Street · This page shows the ${escapeHtml(PLATFORM_NAME)} site-chat widget.</footer>
<script src="/widget.js" data-channel="${escapeHtml(channel.id)}" defer></script>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
