import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { IdSchema } from '../../../src/protocol';
import { fail } from '../../domain/core/domain-error';
import { parseOrFail } from '../../domain/core/parse';
import { adapterOf } from '../registry';
import { adapterChannel, type PipelineDeps } from './pipeline-deps';
import { storeInboundEvents } from './inbound';
import { applyStatusReports } from './statuses';
import { applyTemplateReports } from './template-work';

const WebhookParams = v.object({ channelId: IdSchema });

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

    app.post('/channels/:channelId/webhook', async (request) => {
      const { channelId } = parseOrFail(WebhookParams, request.params);
      const channel = await adapterChannel(deps.database.db, channelId);
      const adapter = channel && adapterOf(deps.adapters, channel.type);
      if (!channel?.active || !adapter?.webhook) fail('CHANNEL_NOT_FOUND');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = adapter.webhook(channel, { headers: request.headers, body });
      if (!verdict.ok) fail('ACCESS_DENIED');
      // Acknowledged all the same (the provider would only send them again), but never silently.
      if (verdict.skipped && verdict.skipped.length > 0)
        request.log.warn({ channelId, skipped: verdict.skipped }, 'webhook parts not taken');
      await storeInboundEvents(deps, channel, verdict.events);
      await applyStatusReports(deps, channel.id, verdict.statuses ?? []);
      await applyTemplateReports(deps, channel.id, verdict.templates ?? []);
      kick();
      return { code: 'ok' as const };
    });
  };
