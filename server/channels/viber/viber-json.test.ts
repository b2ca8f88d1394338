import { describe, expect, it } from 'vitest';
import { parseViberJson } from './viber-json';

describe('Viber JSON', () => {
  it('keeps 64-bit message tokens whole, as text, and leaves strings and small numbers alone', () => {
    const parsed = parseViberJson(
      '{"status":0,"message_token":4912661846655238145,"tokens":[5491086466934562817,-5491086466934562818],"timestamp":1457764197627,"text":"call 1234567890123456789, ok\\" 9999999999999999}"}',
    );
    expect(parsed).toEqual({
      status: 0,
      message_token: '4912661846655238145',
      tokens: ['5491086466934562817', '-5491086466934562818'],
      timestamp: 1457764197627,
      text: 'call 1234567890123456789, ok" 9999999999999999}',
    });
  });

  it('refuses what is not JSON', () => {
    expect(() => parseViberJson('{"status":')).toThrow();
  });
});
