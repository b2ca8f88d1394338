import { describe, expect, it } from 'vitest';
import type { AdapterChannel } from '../adapter';
import { derivedSecret } from '../shared/derived-secret';
import { vkBotAdapter } from './vk-adapter';

const channel: AdapterChannel = {
  id: '00000000-0000-4000-8000-000000000001',
  orgId: '00000000-0000-4000-8000-000000000002',
  type: 'vk_bot',
  name: 'VK',
  settings: { groupId: 210000001 },
  secrets: { token: 'vk1.a.token' },
};
const secret = derivedSecret('vk1.a.token', 'vk-callback', channel.id).slice(0, 50);
const post = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});

describe('the VK adapter’s callback', () => {
  // Port 9 (discard) answers nothing here: VK is unreachable.
  const adapter = vkBotAdapter({
    VK_API_ROOT: 'http://127.0.0.1:9',
    VK_OAUTH_ROOT: 'http://127.0.0.1:9',
  });

  it('refuses a confirmation it cannot fetch the code for, rather than failing the request', async () => {
    const verdict = await adapter.webhook?.(
      channel,
      post({ type: 'confirmation', group_id: 210000001, secret }),
    );
    expect(verdict).toEqual({
      ok: false,
      status: 400,
      reason: 'the confirmation code could not be fetched',
    });
  });

  it('refuses a wrong secret or another community, and answers an event `ok`', async () => {
    const event = { type: 'message_typing_state', group_id: 210000001, object: {} };
    expect(await adapter.webhook?.(channel, post({ ...event, secret: 'guess' }))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await adapter.webhook?.(channel, post({ ...event, group_id: 5, secret }))).toMatchObject(
      { ok: false, status: 403 },
    );
    expect(await adapter.webhook?.(channel, post({ ...event, secret }))).toMatchObject({
      ok: true,
      events: [],
      answer: 'ok',
    });
  });
});
