import type { ApiAnswer } from '../../protocol';
import { statusOutcome } from './http-status';

/** Where the app goes when a call meets 401, 403 or 404 (spec §8); the app shell decides how. */
export type StatusHandlers = {
  unauthorized: () => void;
  forbidden: () => void;
  notFound: () => void;
};

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string>;
  /**
   * Return the server's answer for 401/403/404 instead of acting on the status. Sign-in needs
   * this: its 401 means "Incorrect login or password", not "your session ended".
   */
  raw?: boolean;
};

export type ApiClient = {
  /**
   * The JSON answer, or null when there is none to read: no connection, 5xx, or a status the app
   * acted on. The entity is unknown until the caller checks it against its schema.
   */
  request: (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options?: RequestOptions,
  ) => Promise<ApiAnswer<unknown> | null>;
};

export type ApiClientConfig = {
  token: () => string | null;
  handlers: StatusHandlers;
  baseUrl?: string;
  fetch?: typeof fetch;
};

/** The one fetch wrapper of the browser app: JSON content type, bearer token, spec §8 status handling. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const send = config.fetch ?? ((input, init) => fetch(input, init));
  return {
    async request(method, path, options = {}) {
      const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      const token = config.token();
      if (token) headers.authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await send(`${config.baseUrl ?? ''}${path}${query}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
      } catch (error) {
        // Offline or refused: the caller shows what it has (local data) instead of an error page.
        console.warn(`${method} ${path}: no connection`, error);
        return null;
      }
      const outcome = statusOutcome(response.status);
      if (outcome === 'no-data') return null;
      if (!options.raw) {
        if (outcome === 'unauthorized') return act(config.handlers.unauthorized);
        if (outcome === 'forbidden') return act(config.handlers.forbidden);
        if (outcome === 'not-found') return act(config.handlers.notFound);
      }
      try {
        return (await response.json()) as ApiAnswer<unknown>;
      } catch (error) {
        console.warn(`${method} ${path}: the answer is not JSON`, error);
        return null;
      }
    },
  };
}

function act(handler: () => void): null {
  handler();
  return null;
}
