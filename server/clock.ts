/** Time comes from here so tests can move it (DESIGN §4 timers). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
