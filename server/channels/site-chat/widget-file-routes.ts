import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, IdSchema } from '../../../src/protocol';
import type { Db } from '../../db/database';
import { chats, clientContacts, files, messages } from '../../db/schema';
import { channelIdentity } from '../../domain/clients/channel-identity';
import { fail } from '../../domain/core/domain-error';
import { mayUseFile, type FileOwner } from '../../domain/files/file-owner';
import { parseOrFail } from '../../domain/core/parse';
import type { ServerContext } from '../../http/context';
import { sendFile } from '../../http/file-download';
import { acceptRawUploads, readUpload, storeUpload } from '../../http/file-upload';
import { limitedPerAddress } from '../../http/rate-limited';
import type { RateLimit } from '../../limits/rate-limiter';
import { visitorChannelOf, visitorOf, WIDGET_RATE_LIMIT, type Visitor } from './visitor-auth';
import { noChannel, widgetOrigin, widgetPreflight } from './widget-cors';

const FileParams = v.object({ id: IdSchema });

/** Each upload may be 10 MB: far fewer per minute than the widget's other calls. */
const UPLOAD_RATE_LIMIT: RateLimit = { name: 'widget-uploads', max: 20, windowMs: 60_000 };

/** A visitor as a file owner: the site-chat channel's customer whose external id is the visitor id. */
const visitorOwner = (visitor: Visitor): FileOwner => ({
  kind: 'customer',
  orgId: visitor.orgId,
  channelId: visitor.channelId,
  externalId: visitor.id,
});

/** Whether the file is attached to a message the visitor sees: not an internal note, in their chats. */
async function inVisitorThread(db: Db, visitor: Visitor, fileId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .innerJoin(
      clientContacts,
      and(
        eq(clientContacts.clientId, chats.clientId),
        eq(clientContacts.channelId, chats.channelId),
      ),
    )
    .where(
      and(
        channelIdentity(visitor.channelId, visitor.id),
        eq(messages.internal, false),
        sql`${messages.attachments} @> ${JSON.stringify([{ id: fileId }])}::jsonb`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The widget visitor's files, on the same limits and storage as staff uploads (http/file-upload).
 * A visitor uploads under the id their widget picks, then names the file in POST
 * /api/widget/messages; they read back their own uploads and the files of their thread (the
 * operator's too), never another visitor's. Staff read them all through GET /api/files/:id.
 */
export const widgetFileRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;
  const originCheck = widgetOrigin(db, visitorChannelOf(db));
  acceptRawUploads(app);

  app.put(
    '/widget/files/:id',
    {
      // Limited, then the page's origin checked, before 10 MB of body is read (widget-cors.ts).
      onRequest: [limitedPerAddress(context.limiter, UPLOAD_RATE_LIMIT), originCheck],
      bodyLimit: ATTACHMENT_MAX_BYTES,
    },
    async (request) => {
      const visitor = await visitorOf(db, request);
      const { id } = parseOrFail(FileParams, request.params);
      const entity = await storeUpload(db, id, readUpload(request), visitorOwner(visitor));
      return { code: 'ok' as const, entity };
    },
  );

  const perAddress = limitedPerAddress(context.limiter, WIDGET_RATE_LIMIT);
  const limited = { onRequest: [perAddress, originCheck] };
  widgetPreflight(app, '/widget/files/:id', db, noChannel, perAddress);
  app.get('/widget/files/:id', limited, async (request, reply) => {
    const visitor = await visitorOf(db, request);
    const { id } = parseOrFail(FileParams, request.params);
    const [file] = await db.select().from(files).where(eq(files.id, id));
    const readable =
      file !== undefined &&
      (mayUseFile(file, visitorOwner(visitor)) ||
        (file.orgId === visitor.orgId && (await inVisitorThread(db, visitor, id))));
    if (!readable) fail('FILE_NOT_FOUND');
    return sendFile(reply, file);
  });
};
