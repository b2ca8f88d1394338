import { describe, expect, it } from 'vitest';
import { Subject, lastValueFrom, toArray } from 'rxjs';
import { batchWhileBusy } from './batch-while-busy';

/** A piece of work that finishes only when the test says so. */
function gate() {
  const started: number[][] = [];
  const release: (() => void)[] = [];
  const work = (batch: number[]) =>
    new Promise<void>((resolve) => {
      started.push(batch);
      release.push(resolve);
    });
  return { started, release, work };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('batches while busy', () => {
  it('takes a value at once when idle, and what comes meanwhile together next, in order', async () => {
    const source = new Subject<number>();
    const { started, release, work } = gate();
    const done = lastValueFrom(source.pipe(batchWhileBusy(work), toArray()));
    source.next(1);
    expect(started).toEqual([[1]]); // no window to wait for
    source.next(2);
    source.next(3);
    await tick();
    expect(started).toEqual([[1]]); // one batch at a time
    release[0]?.();
    await tick();
    expect(started).toEqual([[1], [2, 3]]);
    source.next(4);
    source.complete();
    release[1]?.();
    await tick();
    expect(started).toEqual([[1], [2, 3], [4]]);
    release[2]?.();
    expect(await done).toEqual([[1], [2, 3], [4]]);
  });

  it('ends the stream with the error of a failed batch and starts no other', async () => {
    const source = new Subject<number>();
    const calls: number[][] = [];
    const done = lastValueFrom(
      source.pipe(
        batchWhileBusy((batch) => {
          calls.push(batch);
          return Promise.reject(new Error('disk full'));
        }),
      ),
    );
    source.next(1);
    source.next(2);
    await expect(done).rejects.toThrow('disk full');
    expect(calls).toEqual([[1]]);
  });
});
