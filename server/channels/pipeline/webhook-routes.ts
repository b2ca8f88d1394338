import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { IdSchema } from '../../../src/protocol';
import { channels, files } from '../../db/schema';
import { sendFile } from '../../http/file-download';
import { fail } from '../../domain/core/domain-error';
import { parseOrFail } from '../../domain/core/parse';
import { adapterOf } from '../registry';
import { adapterChannel, type PipelineDeps } from './pipeline-deps';
import { storeInboundEvents } from './inbound';
import { applyStatusReports } from './statuses';
import { applyTemplateReports } from './template-work';

const WebhookParams = v.object({ channelId: IdSchema });
const AppWebhookParams = v.object({ type: v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/)) });
const FileLinkParams = v.object({ channelId: IdSchema, fileId: IdSchema });

/**
 * `POST /api/channels/:channelId/webhook`: where a provider delivers a channel's events. The path
 * names the channel, never a secret; the adapter verifies the call on its raw bytes and headers
 * (the provider's secret header or signature) before anything is parsed or stored. The events
 * are stored, then acknowledged with 200, then processed by the inbound worker (`kick`). An
 * unknown or inactive channel answers 404 and stores nothing (spec §4), so the provider keeps
 * nothing queued for us it thinks we took. `GET` on the same path answers a provider's check of
 * the address (Meta's verify-token handshake) for adapters that have one.
 */
export const webhookRoutes =
  (deps: PipelineDeps, kick: () => void) => async (app: FastifyInstance) => {
    // The body is read as bytes: a signature is over the bytes the provider sent.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    // The provider's check of the address before it delivers there: its challenge echoed as
    // text when the verify token is the channel's, 403 otherwise. Nothing is stored.
    app.get('/channels/:channelId/webhook', async (request, reply) => {
      const { channelId } = parseOrFail(WebhookParams, request.params);
      const channel = await adapterChannel(deps.database.db, channelId);
      const adapter = channel && adapterOf(deps.adapters, channel.type);
      if (!channel?.active || !adapter?.handshake) fail('CHANNEL_NOT_FOUND');
      const query = (request.query ?? {}) as Record<string, unknown>;
      const challenge = adapter.handshake(channel, query);
      if (challenge === null) fail('ACCESS_DENIED');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    });

    app.post('/channels/:channelId/webhook', async (request, reply) => {
      const { channelId } = parseOrFail(WebhookParams, request.params);
      const channel = await adapterChannel(deps.database.db, channelId);
      const adapter = channel && adapterOf(deps.adapters, channel.type);
      if (!channel?.active || !adapter?.webhook) fail('CHANNEL_NOT_FOUND');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = await adapter.webhook(channel, { headers: request.headers, body });
      if (!verdict.ok) fail('ACCESS_DENIED');
      // Acknowledged all the same (the provider would only send them again), but never silently.
      if (verdict.skipped && verdict.skipped.length > 0)
        request.log.warn({ channelId, skipped: verdict.skipped }, 'webhook parts not taken');
      await storeInboundEvents(deps, channel, verdict.events);
      await applyStatusReports(deps, channel.id, verdict.statuses ?? []);
      await applyTemplateReports(deps, channel.id, verdict.templates ?? []);
      kick();
      if (verdict.answer !== undefined)
        return reply.type('text/plain; charset=utf-8').send(verdict.answer);
      return { code: 'ok' as const };
    });

    // A provider app's one callback for all its accounts (Instagram): the handshake, then the
    // calls, verified with the app's secret and split by account; each part goes to the active
    // channel of that account, as a channel's own webhook would.
    app.get('/channels/webhooks/:type', async (request, reply) => {
      const { type } = parseOrFail(AppWebhookParams, request.params);
      const hook = adapterOf(deps.adapters, type)?.appWebhook;
      if (!hook) fail('CHANNEL_NOT_FOUND');
      const challenge = hook.handshake((request.query ?? {}) as Record<string, unknown>);
      if (challenge === null) fail('ACCESS_DENIED');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    });

    app.post('/channels/webhooks/:type', async (request) => {
      const { type } = parseOrFail(AppWebhookParams, request.params);
      const hook = adapterOf(deps.adapters, type)?.appWebhook;
      if (!hook) fail('CHANNEL_NOT_FOUND');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = hook.verify({ headers: request.headers, body });
      if (!verdict.ok) fail('ACCESS_DENIED');
      const skipped = [...(verdict.skipped ?? [])];
      for (const part of verdict.accounts) {
        const [channel] = await deps.database.db
          .select({ id: channels.id, orgId: channels.orgId })
          .from(channels)
          .where(
            and(
              eq(channels.type, type),
              eq(channels.providerIdentity, part.identity),
              eq(channels.active, true),
            ),
          );
        // An account no active channel takes (turned off, never connected): acknowledged, as
        // Meta would only send it again, and logged.
        if (!channel) {
          if (part.events.length > 0) skipped.push(`account ${part.identity}: no active channel`);
          continue;
        }
        await storeInboundEvents(deps, channel, part.events);
        await applyStatusReports(deps, channel.id, part.statuses);
      }
      if (skipped.length > 0) request.log.warn({ type, skipped }, 'webhook parts not taken');
      kick();
      return { code: 'ok' as const };
    });

    // A reply's file for a provider that fetches files by link (Instagram): only with a valid,
    // unexpired signature of that channel's adapter, and only a file of its organization.
    app.get('/channels/:channelId/files/:fileId', async (request, reply) => {
      const { channelId, fileId } = parseOrFail(FileLinkParams, request.params);
      const channel = await adapterChannel(deps.database.db, channelId);
      const link = channel && adapterOf(deps.adapters, channel.type)?.fileLink;
      const query = (request.query ?? {}) as Record<string, unknown>;
      if (!channel || !link?.valid(channel, fileId, query)) fail('ACCESS_DENIED');
      const [file] = await deps.database.db
        .select({ name: files.name, type: files.type, data: files.data })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.orgId, channel.orgId)));
      if (!file) fail('FILE_NOT_FOUND');
      return sendFile(reply, file);
    });
  };
