import type { Page } from '../../tests/e2e/browser';
import { captureScreen, inlined, serveBare, type BareScreen } from './bare-screen';

/**
 * References for the screen's updates: the same screen in a bare page (bare-screen.ts) that makes
 * only the change a person sees, in plain DOM calls, timed by the same probes as the app. What it
 * takes is the browser's own part of that update on this machine — the event, the change's style,
 * layout and paint, and the wait for its frame — which no app can beat.
 */

/** What a list switch must change at least: the menu's highlight and the list's rows. */
export type CapturedList = { menu: string; list: string };

/** The menu and the chat list the page shows now, as markup. */
export function captureList(page: Page): Promise<CapturedList> {
  return page.evaluate(() => {
    const menu = document.querySelector('.menu__entries');
    const list = document.querySelector('[data-testid="chat-list"]');
    if (!menu || !list) throw new Error('no menu or chat list on the screen');
    return { menu: menu.outerHTML, list: list.outerHTML };
  });
}

/** The markup of the thread's last message showing `text`: the copy a bare page appends. */
function captureMessage(page: Page, text: string): Promise<string> {
  return page.evaluate((wanted) => {
    const shown = [...document.querySelectorAll('[data-testid="message"]')].filter((node) =>
      node.textContent.includes(wanted),
    );
    const last = shown.at(-1);
    if (!last) throw new Error(`no message shows ${wanted}`);
    return last.outerHTML;
  }, text);
}

/**
 * The screen the page shows now, whose menu switches between the captured lists: a click on a
 * list's menu entry pushes its address and swaps the menu and the list's markup for that list's.
 */
export async function serveBareSwitch(
  page: Page,
  lists: ReadonlyMap<string, CapturedList>,
): Promise<BareScreen> {
  const script = `
      const lists = ${inlined(Object.fromEntries(lists))};
      document.addEventListener('click', (event) => {
        const link = event.target instanceof Element ? event.target.closest('[data-testid^="menu-"]') : null;
        const next = link ? lists[link.getAttribute('data-testid').slice('menu-'.length)] : undefined;
        if (!next) return;
        event.preventDefault();
        history.pushState(null, '', link.getAttribute('href'));
        document.querySelector('.menu__entries').outerHTML = next.menu;
        document.querySelector('[data-testid="chat-list"]').outerHTML = next.list;
      });`;
  return serveBare(await captureScreen(page), script);
}

/**
 * The open chat the page shows now, whose composer sends on Enter: a copy of the thread's message
 * showing `sentText` (the operator's last reply) is given the typed text and appended to the
 * thread, the box is emptied, and the thread scrolled to its end, as the app's does.
 */
export async function serveBareReply(page: Page, sentText: string): Promise<BareScreen> {
  const message = await captureMessage(page, sentText);
  const script = `
      const template = document.createElement('template');
      template.innerHTML = ${inlined(message)};
      document.addEventListener('keydown', (event) => {
        const box = event.target;
        if (event.key !== 'Enter' || event.shiftKey || !(box instanceof HTMLTextAreaElement)) return;
        if (box.dataset.testid !== 'composer') return;
        event.preventDefault();
        const message = template.content.firstElementChild.cloneNode(true);
        message.querySelector('.message__text').textContent = box.value;
        document.querySelector('.thread__content').append(message);
        box.value = '';
        const thread = document.querySelector('[data-testid="thread"]');
        thread.scrollTop = thread.scrollHeight;
      });`;
  return serveBare(await captureScreen(page), script);
}

/** The bare live page's hook: the harness hands its worker a message, as a socket frame would. */
export type BareLive = { receive: (text: string) => void; received: Record<string, number> };

/**
 * The open chat the page shows now, fed by a worker of its own: given a message's text, the worker
 * notes when it got it, puts the message's row into IndexedDB (a store with the thread's index)
 * and, once the transaction has committed, posts the row to the page, which appends a copy of the
 * thread's message showing `shownText` with the new text. From the worker's receipt to the paint
 * is the browser's own part of a live event: the commit, the post, the change and its frame.
 */
export async function serveBareLive(page: Page, shownText: string): Promise<BareScreen> {
  const message = await captureMessage(page, shownText);
  const worker = `
    const opened = new Promise((resolve, reject) => {
      const request = indexedDB.open('bare-live', 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('messages', { keyPath: 'id' });
        store.createIndex('[chatId+createdAt]', ['chatId', 'createdAt']);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    self.onmessage = async (event) => {
      const received = performance.timeOrigin + performance.now();
      const text = event.data;
      const row = { id: crypto.randomUUID(), chatId: 'bare', text, createdAt: new Date().toISOString() };
      const db = await opened;
      const transaction = db.transaction('messages', 'readwrite');
      transaction.objectStore('messages').put(row);
      transaction.oncomplete = () => self.postMessage({ row, received });
    };`;
  const script = `
      const template = document.createElement('template');
      template.innerHTML = ${inlined(message)};
      const worker = new Worker(URL.createObjectURL(new Blob([${inlined(worker)}], { type: 'text/javascript' })));
      const bare = { received: {}, receive: (text) => worker.postMessage(text) };
      window.__bareLive = bare;
      worker.onmessage = (event) => {
        const { row, received } = event.data;
        bare.received[row.text] = received;
        const message = template.content.firstElementChild.cloneNode(true);
        message.querySelector('.message__text').textContent = row.text;
        document.querySelector('.thread__content').append(message);
        const thread = document.querySelector('[data-testid="thread"]');
        thread.scrollTop = thread.scrollHeight;
      };`;
  return serveBare(await captureScreen(page), script);
}
