import { describe, expect, it } from 'vitest';
import { createClaimedCommands } from './claimed-commands';

describe('commands a form answers for', () => {
  it('a claimed command is held until released, and each change is told once', () => {
    const claims = createClaimedCommands();
    let told = 0;
    const stop = claims.subscribe(() => {
      told++;
    });
    claims.claim('a');
    claims.claim('a');
    expect(claims.current().has('a')).toBe(true);
    expect(told).toBe(1);
    const held = claims.current();
    claims.release('b');
    expect(claims.current()).toBe(held); // nothing changed: the same snapshot for React
    claims.release('a');
    expect(claims.current().has('a')).toBe(false);
    expect(told).toBe(2);
    stop();
    claims.claim('c');
    expect(told).toBe(2);
  });
});
