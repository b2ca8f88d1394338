import type { Attachment, VisitorItem, WidgetConfig } from '../protocol';
import { ATTACHMENT_TYPES, attachmentProblem } from '../protocol/attachments';
import { WIDGET_CSS } from './widget-styles';
import {
  loadState,
  markAccepted,
  mergeItems,
  openRatingRequest,
  panelOpensAtStart,
  unsent,
  type WidgetState,
} from './widget-state';
import {
  fileErrorName,
  fileSizeText,
  shownChannelLinks,
  widgetTexts,
  type FileErrorName,
} from './widget-texts';

/**
 * The site-chat widget: one script tag, `<script src="https://…/widget.js" data-channel="<id>">`.
 * It keeps the conversation in localStorage, sends messages with their own ids (a retry is never a
 * second message) and files uploaded first, follows replies over the server's public WebSocket and catches up over HTTP
 * after a drop, so the customer misses nothing. No framework: it must stay small (≤ 30 KB gzip).
 */

// Close codes of the server's live socket (src/protocol/sync.ts LIVE_CLOSE), copied so the widget
// bundle does not carry the schema library.
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_NO_CONVERSATION = 4404;
const CLOSE_ORIGIN_NOT_ALLOWED = 4403;

const script = document.currentScript as HTMLScriptElement | null;
const channelId = script?.dataset.channel ?? '';
const base = script ? new URL(script.src).origin : location.origin;
const storageKey = `sc-widget:${channelId}`;
const ru = (navigator.language || '').toLowerCase().startsWith('ru');
const TEXT = widgetTexts(ru);

let state: WidgetState = loadState(localStorage, storageKey);
let config: WidgetConfig | null = null;
let socket: WebSocket | null = null;
let reconnectAttempt = 0;
let flushing = false;
let thanked = false;

const save = () => {
  localStorage.setItem(storageKey, JSON.stringify(state));
};
const api = async (path: string, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (state.token) headers.set('authorization', `Visitor ${state.token}`);
  return fetch(`${base}${path}`, { ...init, headers });
};

// ---- view ----
const host = document.createElement('div');
const root = host.attachShadow({ mode: 'open' });
const style = document.createElement('style');
style.textContent = WIDGET_CSS;
const launcher = el('button', 'launcher', '💬');
launcher.setAttribute('aria-label', TEXT.open);
launcher.dataset.testid = 'widget-launcher';
const panel = el('section', 'panel');
panel.hidden = true;
panel.dataset.testid = 'widget-panel';
const header = el('header');
// "Also write to us in: Telegram · E-mail": the company's other channels (docs/site-chat-widget.md).
const elsewhere = el('nav', 'elsewhere');
elsewhere.setAttribute('aria-label', TEXT.alsoWriteIn);
elsewhere.dataset.testid = 'widget-shown-channels';
const thread = el('div', 'thread');
thread.dataset.testid = 'widget-thread';
const status = el('div', 'status');
status.dataset.testid = 'widget-status';
const form = el('form');
const input = el('textarea');
input.placeholder = TEXT.placeholder;
input.dataset.testid = 'widget-input';
const sendButton = el('button', '', TEXT.send);
sendButton.type = 'submit';
// A paper-clip opens the browser's file picker, offering only the types the server takes.
const attachButton = el('button', 'attach');
attachButton.append(paperClip(20));
attachButton.type = 'button';
attachButton.title = TEXT.attach;
attachButton.setAttribute('aria-label', TEXT.attach);
attachButton.dataset.testid = 'widget-attach';
const fileInput = el('input');
fileInput.type = 'file';
fileInput.accept = ATTACHMENT_TYPES.join(',');
fileInput.hidden = true;
fileInput.dataset.testid = 'widget-file-input';
const alertLine = el('div', 'alert');
alertLine.setAttribute('role', 'alert');
alertLine.dataset.testid = 'widget-error';
form.append(attachButton, fileInput, input, sendButton);
panel.append(header, elsewhere, thread, status, alertLine, form);
root.append(style, launcher, panel);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text; // always text, never HTML
  return node;
}

/**
 * A paper-clip drawn as SVG (the app's icon, src/ui/Icon.tsx, which the widget may not import):
 * emoji fonts are missing on many systems. Decorative; the control around it carries the name.
 */
function paperClip(size: number): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '1.8');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(svg.namespaceURI, 'path');
  path.setAttribute(
    'd',
    'M20 11.5l-8.3 8.3a5 5 0 0 1-7-7L13 4.5a3.3 3.3 0 0 1 4.7 4.7l-8.2 8.2a1.7 1.7 0 0 1-2.4-2.4L14.5 7.6',
  );
  svg.append(path);
  return svg;
}

function bubble(
  text: string,
  mine: boolean,
  note = '',
  id = '',
  files: readonly Attachment[] = [],
): HTMLElement {
  const node = el('div', `bubble ${mine ? 'me' : 'them'}${note ? ' pending' : ''}`, text);
  node.dataset.testid = 'widget-message';
  if (id) node.dataset.id = id;
  for (const file of files) node.append(attachmentView(file));
  if (note) node.append(el('small', '', note));
  return node;
}

/** A picture as a thumbnail that opens full size; any other file as a link that downloads it. */
function attachmentView(file: Attachment): HTMLElement {
  const url = fileUrls.get(file.id);
  const link = el('a');
  link.title = file.name;
  if (file.type.startsWith('image/')) {
    link.dataset.testid = 'widget-attachment-image';
    link.target = '_blank';
    const image = el('img');
    image.alt = file.name;
    image.onload = () => {
      thread.scrollTop = thread.scrollHeight;
    };
    if (url) image.src = url;
    else
      void fileUrl(file.id).then((loaded) => {
        if (loaded) render();
      });
    link.append(image);
  } else {
    link.dataset.testid = 'widget-attachment-file';
    link.download = file.name;
    link.append(paperClip(14), ` ${file.name} · ${fileSizeText(file.size, ru)}`);
    if (!url)
      link.addEventListener('click', (event) => {
        event.preventDefault();
        void fileUrl(file.id).then((loaded) => {
          if (!loaded) return;
          render(); // from now on the link holds the bytes itself
          const save = el('a');
          save.href = loaded;
          save.download = file.name;
          root.append(save);
          save.click();
          save.remove();
        });
      });
  }
  if (url) link.href = url;
  return link;
}

function linkRow(links: readonly { name: string; actionId: string }[]): HTMLElement {
  const row = el('div', 'answers');
  for (const link of links) {
    const anchor = el('a', '', link.name);
    anchor.href = `${base}/bot-action/${encodeURIComponent(link.actionId)}`;
    anchor.target = '_blank';
    anchor.rel = 'noopener';
    anchor.dataset.testid = 'widget-link';
    row.append(anchor);
  }
  return row;
}

function render(): void {
  header.replaceChildren();
  if (config?.logoUrl) {
    const logo = el('img');
    logo.src = config.logoUrl;
    logo.alt = '';
    header.append(logo);
  }
  const titles = el('div');
  titles.append(el('strong', '', config?.title ?? ''), el('span', '', config?.subtitle ?? ''));
  header.append(titles);
  renderShownChannels();

  const nodes: HTMLElement[] = [];
  if (config?.welcomeMessage) nodes.push(bubble(config.welcomeMessage, false));
  for (const item of state.items) {
    if (item.kind !== 'message') continue;
    nodes.push(
      bubble(
        item.message.text,
        item.message.from === 'me',
        '',
        item.message.id,
        item.message.attachments,
      ),
    );
    // A bot's link buttons stay under their message: each is its own once-usable page.
    if (item.message.links?.length) nodes.push(linkRow(item.message.links));
  }
  // The bot's offered answers, while they are the last word in the thread.
  const last = state.items.at(-1);
  if (last?.kind === 'message' && last.message.buttons && state.pending.length === 0) {
    const row = el('div', 'answers');
    for (const answer of last.message.buttons) {
      const button = el('button', '', answer);
      button.type = 'button';
      button.dataset.testid = 'widget-answer';
      button.addEventListener('click', () => {
        queue(answer);
      });
      row.append(button);
    }
    nodes.push(row);
  }
  for (const pending of state.pending)
    nodes.push(
      bubble(
        pending.text,
        true,
        pending.accepted ? '' : TEXT.sending,
        pending.id,
        pending.attachments,
      ),
    );
  const request = openRatingRequest(state);
  if (request) {
    const box = el('div', 'rating', TEXT.rate);
    box.dataset.testid = 'widget-rating';
    const row = el('div');
    for (let value = 1; value <= 5; value++) {
      const button = el('button', '', String(value));
      button.type = 'button';
      button.dataset.testid = `widget-rate-${value}`;
      button.addEventListener('click', () => {
        void rate(request.ratingLinkId, value);
      });
      row.append(button);
    }
    box.append(row);
    nodes.push(box);
  } else if (thanked) {
    nodes.push(bubble(TEXT.thanks, false));
  }
  thread.replaceChildren(...nodes);
  thread.scrollTop = thread.scrollHeight;
  if (config && !config.active) status.textContent = TEXT.unavailable;
}

/** The shown channels as links that open in a new tab, never handing this page to them. */
function renderShownChannels(): void {
  const links = shownChannelLinks(config?.shownChannels ?? [], TEXT.channelTypes);
  elsewhere.replaceChildren();
  if (links.length === 0) return;
  elsewhere.append(`${TEXT.alsoWriteIn} `);
  links.forEach((shown, index) => {
    if (index > 0) elsewhere.append(' · ');
    const link = el('a', '', shown.text);
    link.href = shown.href;
    link.title = shown.title;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.dataset.testid = 'widget-shown-channel';
    elsewhere.append(link);
  });
}

// ---- files ----
/** Object URLs of files' bytes by file id: the customer's own picks at once, others fetched once. */
const fileUrls = new Map<string, string>();
const fileLoads = new Map<string, Promise<string | null>>();

/**
 * The bytes of a file of this conversation, over GET /api/widget/files/:id with the visitor's
 * token in a header (never in the address), as an object URL; null when they cannot be had now.
 */
function fileUrl(id: string): Promise<string | null> {
  const known = fileUrls.get(id);
  if (known) return Promise.resolve(known);
  let load = fileLoads.get(id);
  if (!load) {
    load = api(`/api/widget/files/${encodeURIComponent(id)}`)
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null))
      .catch(() => null)
      .then((url) => {
        fileLoads.delete(id); // a failure is tried again at the next render
        if (url) fileUrls.set(id, url);
        return url;
      });
    fileLoads.set(id, load);
  }
  return load;
}

function showFileError(name: FileErrorName | null): void {
  alertLine.textContent = name ? TEXT.errors[name] : '';
}

/** Checks the file as the server will, uploads it under an id of its own, then sends it. */
async function attach(file: File): Promise<void> {
  const problem = attachmentProblem({ type: file.type, size: file.size });
  showFileError(problem);
  if (problem || (config && !config.active)) return;
  status.textContent = TEXT.uploading;
  try {
    if (!(await ensureVisitor())) throw new Error('no visitor');
    const id = crypto.randomUUID();
    const response = await api(`/api/widget/files/${id}`, {
      method: 'PUT',
      headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
      body: file,
    });
    const answer = (await response.json().catch(() => null)) as {
      entity?: Attachment;
      error?: { name?: unknown };
    } | null;
    status.textContent = '';
    if (!response.ok || !answer?.entity) {
      showFileError(fileErrorName(answer?.error?.name));
      return;
    }
    fileUrls.set(id, URL.createObjectURL(file));
    queue('', [answer.entity]);
  } catch {
    status.textContent = '';
    showFileError('FILE_UPLOAD_FAILED');
  }
}

// ---- network ----
async function ensureVisitor(): Promise<boolean> {
  if (state.token) return true;
  const response = await api(`/api/widget/${channelId}/visitors`, { method: 'POST' });
  if (!response.ok) return false;
  const body = (await response.json()) as { entity: { visitorId: string; token: string } };
  state = { ...state, visitorId: body.entity.visitorId, token: body.entity.token };
  save();
  return true;
}

/** Sends what waits, oldest first; a network failure leaves it queued for the next try. */
async function flush(): Promise<void> {
  if (flushing || unsent(state).length === 0) return;
  flushing = true;
  try {
    if (!(await ensureVisitor())) throw new Error('no visitor');
    let refused = false;
    for (const message of unsent(state)) {
      const response = await api('/api/widget/messages', {
        method: 'POST',
        body: JSON.stringify({
          id: message.id,
          text: message.text,
          attachments: message.attachments ?? [],
        }),
      });
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      if (!response.ok) {
        // Refused for good (inactive channel, empty text): say so, keep the words visible.
        refused = true;
        break;
      }
      state = markAccepted(state, message.id);
      save();
    }
    status.textContent = refused ? TEXT.unavailable : '';
    await catchUp();
    connect();
  } catch {
    status.textContent = TEXT.offline;
    setTimeout(() => {
      void flush();
    }, backoff());
  } finally {
    flushing = false;
  }
}

async function catchUp(): Promise<void> {
  if (!state.token) return;
  for (let more = true; more;) {
    const response = await api(`/api/widget/feed?after=${state.cursor}`);
    if (!response.ok) return;
    const page = (await response.json()) as {
      entity: { items: VisitorItem[]; cursor: number; hasMore: boolean; reset?: boolean };
    };
    state = mergeItems(
      state,
      page.entity.items,
      page.entity.cursor,
      state.cursor === 0 || page.entity.reset === true,
    );
    more = page.entity.hasMore;
  }
  save();
  render();
}

const backoff = () =>
  Math.min(30_000, 500 * 2 ** Math.min(reconnectAttempt++, 6)) * (0.5 + Math.random() / 2);

function connect(): void {
  if (socket || !state.token) return;
  const url = new URL(`/api/widget/live?after=${state.cursor}`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const live = new WebSocket(url);
  socket = live;
  live.onopen = () => {
    live.send(JSON.stringify({ token: state.token }));
  };
  live.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {
      kind: string;
      after?: number;
      cursor?: number;
      items?: VisitorItem[];
    };
    if (message.kind === 'ready') {
      reconnectAttempt = 0;
      status.textContent = '';
    } else if (message.kind === 'items' && message.items && message.cursor !== undefined) {
      // A batch that does not follow our cursor means one was missed: fetch the gap first.
      if (message.after !== state.cursor) void catchUp();
      else {
        state = mergeItems(state, message.items, message.cursor);
        save();
        render();
      }
    }
  };
  live.onclose = (event) => {
    socket = null;
    if (event.code === CLOSE_NO_CONVERSATION) return; // nothing to follow before the first message
    if (event.code === CLOSE_ORIGIN_NOT_ALLOWED) {
      // This page is not one the channel allows (it was removed while the page stayed open).
      status.textContent = TEXT.unreachable;
      return;
    }
    if (event.code === CLOSE_UNAUTHORIZED) {
      state = { ...state, token: null, visitorId: null };
      save();
      return;
    }
    status.textContent = navigator.onLine ? '' : TEXT.offline;
    setTimeout(() => {
      void catchUp().then(connect, connect);
    }, backoff());
  };
}

async function rate(ratingLinkId: string, rating: number): Promise<void> {
  const response = await api(`/api/public/rating/${ratingLinkId}`, {
    method: 'POST',
    body: JSON.stringify({ rating }),
  }).catch(() => null);
  if (response && (response.ok || response.status === 400)) {
    state = { ...state, ratedLinks: [...state.ratedLinks, ratingLinkId] };
    thanked = response.ok;
    status.textContent = '';
    save();
    render();
  } else {
    // The rating stays offered; the customer hears why nothing happened.
    status.textContent = response ? TEXT.unavailable : TEXT.offline;
  }
}

// ---- wiring ----
launcher.addEventListener('click', () => {
  panel.hidden = !panel.hidden;
  state = { ...state, panel: panel.hidden ? 'closed' : 'open' };
  save();
  if (!panel.hidden) input.focus();
});
/** Shows a message at once as "sending…" and sends it with its own id. */
function queue(text: string, attachments: Attachment[] = []): void {
  state = {
    ...state,
    pending: [
      ...state.pending,
      { id: crypto.randomUUID(), text, createdAt: new Date().toISOString(), attachments },
    ],
  };
  save();
  render();
  void flush();
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text || (config && !config.active)) return;
  input.value = '';
  showFileError(null);
  queue(text);
});
attachButton.addEventListener('click', () => {
  fileInput.click();
});
fileInput.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  fileInput.value = ''; // the same file may be picked again
  if (file) void attach(file);
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});
addEventListener('online', () => {
  void flush().then(catchUp).then(connect);
});

/**
 * Shown when the server's answer cannot be had: it is down, or the browser withheld it because this
 * page's origin is not one the channel allows (the browser does not tell the page which). The
 * customer and the site's developer see that the chat cannot connect rather than nothing; writing
 * waits, since nothing is known of the channel yet.
 */
function showUnreachable(): void {
  if (!host.isConnected) document.body.append(host);
  input.disabled = true;
  sendButton.disabled = true;
  attachButton.disabled = true;
  render();
  status.textContent = TEXT.unreachable;
}

async function start(): Promise<void> {
  if (!channelId) return;
  const response = await fetch(`${base}/api/widget/${channelId}/config`).catch(() => null);
  if (!response) {
    showUnreachable();
    setTimeout(() => {
      void start();
    }, backoff());
    return;
  }
  if (!response.ok) {
    host.remove(); // unknown channel: the widget stays away
    return;
  }
  config = ((await response.json()) as { entity: WidgetConfig }).entity;
  reconnectAttempt = 0;
  input.disabled = false;
  sendButton.disabled = false;
  attachButton.disabled = false;
  status.textContent = '';
  if (!host.isConnected) document.body.append(host);
  // Opened by the channel's initial state only here, once its config is known; never taking the
  // keyboard focus from the page the customer is reading.
  if (panelOpensAtStart(config.initialState, state)) panel.hidden = false;
  render();
  if (state.token) {
    await catchUp().catch(() => undefined);
    connect();
  }
  void flush();
}

void start();
