import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '../../tests/e2e/browser';

/**
 * The warm start's reference: the same screen, drawn by a page that does nothing else. The
 * workspace's markup as the app drew it and its stylesheets, inlined, are served from a server of
 * their own (another origin, so no service worker, store or session is in play); one module
 * script marks `app:script-start`, as the app's entry does, and sets the markup in one go. What
 * that page takes from its script's first line to the list painted is the browser's own part of
 * a warm start on this machine: the first frame's style, layout and paint of this screen, and
 * the wait for that frame. No app can draw the screen faster than that.
 *
 * The same bare page, given a few lines of script, is the reference of a screen's updates too
 * (bare-updates.ts).
 */
export type BareScreen = { url: string; close: () => Promise<void> };

/** What a bare page needs of the screen the app shows: its language, stylesheets and markup. */
export type CapturedScreen = { lang: string; css: string[]; markup: string };

/** The screen the page shows now. */
export function captureScreen(page: Page): Promise<CapturedScreen> {
  return page.evaluate(async () => {
    const css = await Promise.all(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(async (link) =>
        (await fetch(link.href)).text(),
      ),
    );
    return {
      lang: document.documentElement.lang,
      css,
      markup: document.getElementById('app')?.innerHTML ?? '',
    };
  });
}

/** A value written into the bare page's script: `</` cannot close the script early once escaped. */
export const inlined = (value: unknown): string => JSON.stringify(value).replaceAll('</', '<\\/');

/**
 * Serves the captured screen bare; `script` runs after the markup is set (plain JavaScript: the
 * page loads nothing else).
 */
export async function serveBare(captured: CapturedScreen, script = ''): Promise<BareScreen> {
  const html = `<!doctype html>
<html lang="${captured.lang}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${captured.css.map((text) => `<style>${text}</style>`).join('\n    ')}
  </head>
  <body>
    <div id="app"></div>
    <script type="module">
      performance.mark('app:script-start');
      document.getElementById('app').innerHTML = ${inlined(captured.markup)};
      ${script}
    </script>
  </body>
</html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** The screen the page shows now, served bare. */
export async function serveBareScreen(page: Page): Promise<BareScreen> {
  return serveBare(await captureScreen(page));
}
