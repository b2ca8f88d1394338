import * as v from 'valibot';
import {
  EventsPageSchema,
  type ApiError,
  type BootstrapLine,
  type CommandEnvelope,
  type CommandResult,
  type EventsPage,
} from '../protocol';
import { commandsBody, sortFailedAnswer, type BatchAnswer } from './command-batch';
import type { SyncSession } from './sync-state';

/** The server refused the token: the session is over. */
export class AuthLostError extends Error {
  constructor() {
    super('authentication lost');
    this.name = 'AuthLostError';
  }
}

/** The server answered, but not with success (5xx, 4xx other than 401). */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** The page's envelope; each event is checked on its own before it is applied (apply-events.ts). */
const EventsPageEnvelope = v.looseObject({
  ...EventsPageSchema.entries,
  events: v.array(v.unknown()),
});

const CommandResultsSchema = v.object({
  results: v.array(v.looseObject({ id: v.string(), ok: v.boolean() })),
});

/** The sync engine's calls to the server (DESIGN §4 sync and commands API). */
export class SyncApi {
  constructor(
    private readonly session: SyncSession,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  /** Any answer but 401, which ends the session. A body is JSON unless it says otherwise. */
  private async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.session.token}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const response = await this.fetchImpl(`${this.session.baseUrl}${path}`, {
      ...init,
      headers,
      cache: 'no-store',
    });
    if (response.status === 401) throw new AuthLostError();
    return response;
  }

  /** A successful answer, or HttpError. */
  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await this.send(path, init);
    if (!response.ok) throw new HttpError(response.status);
    return response;
  }

  /** The bootstrap, line by line as it streams: memory stays flat however large the organization. */
  async *bootstrap(): AsyncGenerator<BootstrapLine> {
    const response = await this.request('/api/sync/bootstrap');
    if (!response.body) throw new HttpError(response.status);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += value;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim()) yield JSON.parse(line) as BootstrapLine;
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    if (buffer.trim()) yield JSON.parse(buffer) as BootstrapLine;
  }

  async events(after: number, limit: number): Promise<EventsPage> {
    const response = await this.request(`/api/sync/events?after=${after}&limit=${limit}`);
    const body: unknown = await response.json();
    const envelope = v.safeParse(EventsPageEnvelope, body);
    if (!envelope.success) throw new HttpError(502);
    return envelope.output as EventsPage;
  }

  /**
   * Sends a batch (the body exactly as `commandsBody` measures it). Answers what the server said
   * about the commands: their results, or its named refusal or failure of the request as a whole.
   * No answer of the server's (network, a proxy's 502/503/504, a body that is not ours) throws, for
   * a retry of the same commands after a pause.
   */
  async commands(commands: readonly CommandEnvelope[]): Promise<BatchAnswer> {
    const response = await this.send('/api/commands', {
      method: 'POST',
      body: commandsBody(commands),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      if (!v.safeParse(CommandResultsSchema, body).success) throw new HttpError(502);
      return { kind: 'results', results: (body as { results: CommandResult[] }).results };
    }
    const answer = sortFailedAnswer(response.status, body);
    if (!answer) throw new HttpError(response.status);
    return answer;
  }

  /** Uploads a file under its own id; repeating it is harmless. A refusal carries its error name. */
  async uploadFile(file: {
    id: string;
    name: string;
    type: string;
    blob: Blob;
  }): Promise<{ ok: true } | { ok: false; error: ApiError }> {
    const response = await this.send(`/api/files/${encodeURIComponent(file.id)}`, {
      method: 'PUT',
      headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
      body: file.blob,
    });
    if (response.ok) return { ok: true };
    if (response.status >= 400 && response.status < 500) {
      const body = (await response.json().catch(() => null)) as { error?: ApiError } | null;
      if (body?.error) return { ok: false, error: body.error };
    }
    throw new HttpError(response.status);
  }

  /** A chat and, under each thread table's field (`messages`, `history`), its rows; unchecked. */
  async chatThread(chatId: string): Promise<{ chat: unknown } & Record<string, unknown>> {
    const response = await this.request(`/api/sync/chat/${encodeURIComponent(chatId)}/messages`);
    const body = (await response.json()) as { entity: { chat: unknown } & Record<string, unknown> };
    return body.entity;
  }

  /** The live socket's address; the token goes as the first message, not in the URL (logs). */
  liveUrl(after: number): string {
    const url = new URL(`/api/sync/live?after=${after}`, this.session.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  get token(): string {
    return this.session.token;
  }
}
