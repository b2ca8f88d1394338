import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  errorText,
  type ErrorName,
  type ErrorParams,
  type Language,
} from '../../src/protocol';
import { DomainError, fail } from '../domain/core/domain-error';
import { isUploadPath } from './file-upload';

/** HTTP status for an error name; everything not listed is a 400 (the request was refused). */
function statusOf(name: ErrorName): number {
  if (name === 'INVALID_CREDENTIALS' || name === 'UNAUTHORIZED') return 401;
  if (
    name === 'ACCESS_DENIED' ||
    name === 'USER_INACTIVE' ||
    name === 'ORGANIZATION_DEACTIVATED' ||
    name === 'WIDGET_ORIGIN_NOT_ALLOWED'
  )
    return 403;
  if (name === 'PAYLOAD_TOO_LARGE' || name === 'FILE_TOO_LARGE') return 413;
  if (name === 'TOO_MANY_REQUESTS') return 429;
  if (name === 'UNKNOWN_ERROR') return 500;
  if (name === 'NOT_FOUND' || name.endsWith('_NOT_FOUND')) return 404;
  return 400;
}

export function requestLanguage(request: FastifyRequest): Language {
  const viewerLanguage = request.auth?.viewer.language;
  if (viewerLanguage) return viewerLanguage;
  return /^ru\b/i.test(request.headers['accept-language'] ?? '') ? 'ru' : 'en';
}

export function errorBody(name: ErrorName, language: Language, params: ErrorParams = {}) {
  return {
    code: 'error' as const,
    error: { name, params, message: errorText(name, language, params) },
  };
}

/**
 * Fastify's `frameworkErrors`: the failures it meets before any route or hook runs — a path that
 * is not valid URI encoding, a path parameter over the router's maxParamLength — answered in the
 * product's shape rather than Fastify's own.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const refused = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (!refused) request.log.error(error);
  const name: ErrorName = refused ? 'VALIDATION_FAILED' : 'UNKNOWN_ERROR';
  void reply
    .status(statusOf(name))
    .send(errorBody(name, requestLanguage(request), refused ? { field: 'path' } : {}));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request at
 * all (headers over Node's 16 KiB, a malformed request line, a request too slow to arrive), in
 * the product's shape rather than Fastify's own. There is no request to take a language from.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, name, params]: [number, ErrorName, ErrorParams] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'PAYLOAD_TOO_LARGE', {}]
      : [
          error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400,
          'VALIDATION_FAILED',
          { field: 'request' },
        ];
  const body = JSON.stringify(errorBody(name, 'en', params));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * A live socket's address asked without an upgrade (a plain GET or HEAD) answers NOT_FOUND in the
 * product's shape; @fastify/websocket alone answers an empty 404. Every `websocket: true` route is
 * turned into the plugin's other form, `wsHandler` for the socket and `handler` for plain HTTP.
 * Must run before the websocket plugin is registered, so its own onRoute hook sees the result.
 */
function answerPlainRequestsToSockets(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    if (!route.websocket) return;
    route.wsHandler = route.handler as unknown as NonNullable<RouteOptions['wsHandler']>;
    route.handler = async () => {
      fail('NOT_FOUND');
    };
    delete route.websocket;
  });
}

/**
 * One place turns failures into `{ code: 'error', error: { name, params, message } }`. Details of
 * unexpected failures are logged, never shown. What comes before routing is answered by
 * `frameworkErrors` and `clientErrorHandler`, given to Fastify() itself. Call before the websocket
 * plugin is registered (answerPlainRequestsToSockets).
 */
export function installErrorHandler(app: FastifyInstance): void {
  answerPlainRequestsToSockets(app);
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    let name: ErrorName;
    let params: ErrorParams = {};
    if (error instanceof DomainError) {
      name = error.errorName;
      params = error.params;
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      const upload = isUploadPath(request.url);
      name = upload ? 'FILE_TOO_LARGE' : 'PAYLOAD_TOO_LARGE';
      if (upload) params = { max: ATTACHMENT_MAX_BYTES };
    } else if (
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      name = 'VALIDATION_FAILED';
      params = { field: 'body' };
    } else {
      request.log.error(error);
      if (process.env.DEBUG_ERRORS) console.error(error);
      name = 'UNKNOWN_ERROR';
    }
    const status =
      error instanceof DomainError ? statusOf(name) : (error.statusCode ?? statusOf(name));
    // A limit's refusal says when to come back, as HTTP clients and proxies read it (RFC 9110).
    if (name === 'TOO_MANY_REQUESTS' && typeof params.retryAfter === 'number')
      void reply.header('retry-after', String(params.retryAfter));
    void reply.status(status).send(errorBody(name, requestLanguage(request), params));
  });
}
