import type { FastifyReply } from 'fastify';

/**
 * A stored file's bytes, for staff (GET /api/files/:id) and widget visitors
 * (GET /api/widget/files/:id). Never rendered as a page of ours: no sniffing, sandboxed,
 * pictures inline and everything else downloaded.
 */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; type: string; data: Buffer },
): FastifyReply {
  const inline = file.type.startsWith('image/');
  return reply
    .type(file.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'private, max-age=31536000, immutable')
    .send(file.data);
}
