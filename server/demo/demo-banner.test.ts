import { describe, expect, it } from 'vitest';
import { demoBanner } from './demo-banner';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';

describe('the demo banner npm start prints', () => {
  it('names both sides: the workspace with its logins, and the demo site in a private window', () => {
    const banner = demoBanner('http://localhost:8080/', true);
    expect(banner).toContain('http://localhost:8080/\n');
    expect(banner).toContain('http://localhost:8080/demo/site');
    for (const login of DEMO_LOGINS) expect(banner).toContain(`${login}  /  ${DEMO_PASSWORD}`);
    expect(banner).toMatch(/private window/);
    expect(banner).toMatch(/remembers its visitor/);
    expect(banner).toContain('created');
  });

  it('follows the public address when one is set', () => {
    const banner = demoBanner('https://chat.example.com', false);
    expect(banner).toContain('https://chat.example.com/demo/site');
    expect(banner).not.toContain('localhost');
    expect(banner).not.toContain('created');
  });
});
