/**
 * Asks `source` for up to `ahead` items before they are taken, so its work runs while the taker
 * awaits its own. The bootstrap's stream is the case: while the worker writes one line's rows to
 * IndexedDB, the next lines are read from the network and parsed, and the server, whose stream
 * pauses when nobody reads, keeps producing them. Items come out in order; a failure of the source
 * comes out where it happened, after the items read before it.
 */
export async function* readAhead<T>(source: AsyncIterable<T>, ahead: number): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const asked: Promise<IteratorResult<T>>[] = [];
  const ask = () => {
    const next = iterator.next();
    // Awaited in its turn; until then a failure must not count as unhandled.
    next.catch(() => undefined);
    asked.push(next);
  };
  let finished = false;
  try {
    for (let i = 0; i < Math.max(1, ahead); i++) ask();
    for (;;) {
      const next = asked.shift();
      if (!next) return;
      const result = await next;
      if (result.done) {
        finished = true;
        return;
      }
      ask();
      yield result.value;
    }
  } finally {
    // Left early (the taker stopped, or failed): let the source close what it holds, without
    // waiting for the reads already asked for.
    if (!finished) void iterator.return?.().catch(() => undefined);
  }
}
