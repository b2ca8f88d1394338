import { describe, expect, it } from 'vitest';
import type { Chatbot } from '../protocol';
import { affectedKeys, predictRow } from './predict';

const AT = '2026-11-28T10:00:00.000Z';
const BOT = '00000000-0000-7000-8000-0000000000b1';
const NODE = '00000000-0000-7000-8000-0000000000b2';
const ctx = { userId: 'me' };
const pending = (type: string, payload: Record<string, unknown>) => ({
  id: 'c',
  type,
  payload,
  createdAt: AT,
});

const scenario = {
  nodes: [
    {
      id: NODE,
      title: 'Greeting',
      reply: { text: 'Hello!', fileId: null },
      buttons: [],
      intents: [],
      triggers: [],
      defaultNext: null,
      action: { kind: 'close' },
      position: { x: 10, y: 20 },
    },
  ],
};

const stored: Chatbot = {
  id: BOT,
  name: 'Greeter',
  description: '',
  defaultMessage: 'Sorry?',
  scenario: { nodes: [] },
  version: 3,
  publishedVersion: 2,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('chat-bot predictions', () => {
  it('name the bot of the id each command carries', () => {
    expect(affectedKeys(pending('chatbot.publish', { chatbotId: BOT, version: 3 }), ctx)).toEqual([
      { table: 'chatbots', key: BOT },
    ]);
  });

  it('show a saved draft at once, one version past the one it was based on, its published version kept', () => {
    const saved = predictRow(
      pending('chatbot.save', {
        chatbotId: BOT,
        name: ' Greeter ',
        description: 'First answers',
        defaultMessage: 'Sorry?',
        scenario,
        baseVersion: 3,
      }),
      'chatbots',
      stored,
      ctx,
    );
    expect(saved).toMatchObject({
      name: 'Greeter',
      version: 4,
      publishedVersion: 2,
      createdAt: stored.createdAt,
      updatedAt: AT,
    });
    expect((saved as Chatbot).scenario.nodes[0]?.reply.text).toBe('Hello!');
    // A new bot: version 1, never published.
    expect(
      predictRow(
        pending('chatbot.save', {
          chatbotId: BOT,
          name: 'New',
          description: '',
          defaultMessage: 'Sorry?',
          scenario,
          baseVersion: null,
        }),
        'chatbots',
        undefined,
        ctx,
      ),
    ).toMatchObject({ version: 1, publishedVersion: null, createdAt: AT });
  });

  it('publish the version seen, and take a deleted bot from every list', () => {
    const publish = (version: number) =>
      predictRow(pending('chatbot.publish', { chatbotId: BOT, version }), 'chatbots', stored, ctx);
    expect(publish(3)).toMatchObject({ publishedVersion: 3 });
    expect(publish(2)).toEqual(stored);
    expect(predictRow(pending('chatbot.delete', { chatbotId: BOT }), 'chatbots', stored, ctx)).toBe(
      undefined,
    );
  });
});
