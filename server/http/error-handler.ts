import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  errorText,
  type ErrorName,
  type ErrorParams,
  type Language,
} from '../../src/protocol';
import { DomainError } from '../domain/domain-error';
import { isUploadPath } from './file-upload';

/** HTTP status for an error name; everything not listed is a 400 (the request was refused). */
function statusOf(name: ErrorName): number {
  if (name === 'INVALID_CREDENTIALS' || name === 'UNAUTHORIZED') return 401;
  if (name === 'ACCESS_DENIED' || name === 'USER_INACTIVE' || name === 'ORGANIZATION_DEACTIVATED')
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
 * One place turns failures into `{ code: 'error', error: { name, params, message } }`. Details of
 * unexpected failures are logged, never shown.
 */
export function installErrorHandler(app: FastifyInstance): void {
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
