import { Observable, type OperatorFunction } from 'rxjs';

/**
 * Hands each value to `work` at once when it is idle; values arriving while it runs wait and go
 * together in the next call, in order. A lone live event is applied without waiting for a batch
 * window to close, while a burst still lands as few transactions (DESIGN §6: received to painted).
 * Emits once per finished batch; a failing batch errors the stream.
 */
export function batchWhileBusy<T>(work: (batch: T[]) => Promise<void>): OperatorFunction<T, T[]> {
  return (source) =>
    new Observable<T[]>((subscriber) => {
      let waiting: T[] = [];
      let running = false;
      let sourceDone = false;
      const drain = async () => {
        running = true;
        try {
          while (waiting.length > 0 && !subscriber.closed) {
            const batch = waiting;
            waiting = [];
            await work(batch);
            subscriber.next(batch);
          }
          if (sourceDone) subscriber.complete();
        } catch (error) {
          subscriber.error(error);
        } finally {
          running = false;
        }
      };
      const subscription = source.subscribe({
        next: (value) => {
          waiting.push(value);
          if (!running) void drain();
        },
        error: (error: unknown) => {
          subscriber.error(error);
        },
        complete: () => {
          sourceDone = true;
          if (!running) subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
      };
    });
}
