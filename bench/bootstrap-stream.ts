/**
 * The server's share of a bootstrap: the seeded organization's bootstrap stream (DESIGN §6's
 * size) read by the administrator as fast as Node reads it, three times, with nothing written
 * anywhere. The app's bootstrap figure (bench/store-peer.ts) includes this stream, produced on the
 * same two cores as the browser's writes; its reference, a raw bulkPut of rows already in the
 * page, does not. Run it alone: `npx tsx bench/bootstrap-stream.ts`.
 */
import { startAppServer } from '../tests/e2e/app-server';
import { adminToken } from './api-login';
import { seededCopy } from './seeded-org';

const seeded = await seededCopy('bootstrap-stream');
const server = await startAppServer({ DEMO: 'false' }, { dataDir: seeded.dataDir });
try {
  const token = await adminToken(server.baseUrl, seeded.org);
  for (let round = 0; round < 3; round++) {
    const began = performance.now();
    const response = await fetch(`${server.baseUrl}/api/sync/bootstrap`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    let firstByte = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = performance.now() - began;
      bytes += chunk.length;
    }
    console.log(
      `bootstrap stream: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - began) / 1000).toFixed(2)} s, first byte after ${firstByte.toFixed(0)} ms`,
    );
  }
} finally {
  await server.stop();
  seeded.remove();
}
