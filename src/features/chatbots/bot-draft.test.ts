import { describe, expect, it } from 'vitest';
import type { Chatbot } from '../../protocol';
import {
  botDraftKey,
  draftStatus,
  followsServer,
  keepDraft,
  openDraft,
  readDraft,
  sameData,
  settleSave,
  type BotDraft,
} from './bot-draft';
import { emptyContent, moveNode, type BotContent } from './scenario-edit';
import { TEAM, threeNodeBot } from './test-scenario';

const saved: BotContent = {
  name: 'Front desk',
  description: 'The first line',
  defaultMessage: 'Sorry?',
  nodes: threeNodeBot(),
};
const bot = (version: number, content: BotContent = saved): Chatbot => ({
  id: '0190a000-0000-7000-8000-0000000000b0',
  name: content.name.trim(),
  description: content.description.trim(),
  defaultMessage: content.defaultMessage,
  scenario: { nodes: [...content.nodes] },
  version,
  publishedVersion: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const edited = moveNode(saved, TEAM, { x: 500, y: 500 });
const draft = (more: Partial<BotDraft>): BotDraft => ({
  content: edited,
  baseVersion: 3,
  saving: null,
  ...more,
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe('the state of the editor’s draft', () => {
  const cases: {
    name: string;
    draft: BotDraft;
    bot: Chatbot | undefined;
    save: Parameters<typeof draftStatus>[2];
    status: string;
  }[] = [
    {
      name: 'the bot as stored, whitespace the server trims aside',
      draft: draft({ content: { ...saved, name: ' Front desk ' } }),
      bot: bot(3),
      save: 'none',
      status: 'saved',
    },
    {
      name: 'changed since the version it started from',
      draft: draft({}),
      bot: bot(3),
      save: 'none',
      status: 'unsaved',
    },
    {
      name: 'a new bot not saved yet',
      draft: draft({ baseVersion: null }),
      bot: undefined,
      save: 'none',
      status: 'unsaved',
    },
    {
      name: 'a save waiting in the outbox',
      draft: draft({ saving: { commandId: 'c', baseVersion: 3, content: edited } }),
      bot: bot(4, edited),
      save: 'waiting',
      status: 'saving',
    },
    {
      name: 'a save the server refused',
      draft: draft({ saving: { commandId: 'c', baseVersion: 3, content: edited } }),
      bot: bot(3),
      save: 'rejected',
      status: 'refused',
    },
    {
      name: 'saved elsewhere since it started: a conflict, before any save',
      draft: draft({}),
      bot: bot(4),
      save: 'none',
      status: 'conflict',
    },
    { name: 'deleted elsewhere', draft: draft({}), bot: undefined, save: 'none', status: 'gone' },
  ];
  for (const { name, draft, bot, save, status } of cases)
    it(`${name}: ${status}`, () => {
      expect(draftStatus(draft, bot, save)).toBe(status);
    });
});

describe('comparing the draft with the bot the server sent back', () => {
  it('ignores the order of keys, which the server’s jsonb changes', () => {
    const reordered = JSON.parse(
      JSON.stringify(saved.nodes, (_key, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    );
    expect(sameData(saved.nodes, reordered)).toBe(true);
    expect(sameData(saved.nodes, edited.nodes)).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('a save leaving the outbox', () => {
  const sending = draft({ saving: { commandId: 'c', baseVersion: 3, content: edited } });

  it('accepted, the draft goes on from the version it made', () => {
    expect(settleSave(sending, bot(4, edited))).toEqual({
      ...sending,
      baseVersion: 4,
      saving: null,
    });
  });

  it('gone without being taken, the draft keeps its own base, so a later save is checked against it', () => {
    expect(settleSave(sending, bot(4))).toEqual({ ...sending, baseVersion: 3, saving: null });
  });

  it('an edit made while the save was on its way stays unsaved after it', () => {
    const further = { ...sending, content: { ...edited, name: 'Front desk 2' } };
    const settled = settleSave(further, bot(4, edited));
    expect(draftStatus(settled, bot(4, edited), 'none')).toBe('unsaved');
  });
});

describe('opening the editor on a kept draft', () => {
  it('the kept draft wins over the stored bot, so no edit is lost', () => {
    expect(openDraft(draft({}), bot(3), emptyContent)).toEqual(draft({}));
  });

  it('a kept draft equal to the bot now goes on from the bot’s version', () => {
    expect(
      openDraft(draft({ content: saved, baseVersion: 2 }), bot(5), emptyContent).baseVersion,
    ).toBe(5);
  });

  it('without a kept draft: the bot, or a new one', () => {
    expect(openDraft(null, bot(3), emptyContent)).toMatchObject({
      baseVersion: 3,
      content: { name: 'Front desk' },
    });
    expect(openDraft(null, undefined, emptyContent)).toEqual({
      content: emptyContent(),
      baseVersion: null,
      saving: null,
    });
  });

  it('is kept while unsaved, read back whole, and forgotten once saved', () => {
    const storage = new MemoryStorage();
    expect(keepDraft(storage, 'b1', draft({}), 'unsaved')).toBe(true);
    expect(readDraft(storage, 'b1')).toEqual(draft({}));
    keepDraft(storage, 'b1', draft({}), 'saved');
    expect(storage.data.has(botDraftKey('b1'))).toBe(false);
  });

  it('a kept draft that cannot be read is no draft', () => {
    const storage = new MemoryStorage();
    storage.setItem(botDraftKey('b1'), '{"content": 1}');
    expect(readDraft(storage, 'b1')).toBeNull();
    storage.setItem(botDraftKey('b1'), 'not json');
    expect(readDraft(storage, 'b1')).toBeNull();
  });
});

describe('following the server while nothing is edited here', () => {
  it('follows a restored version when the draft is still what was loaded', () => {
    expect(followsServer(draft({ content: saved }), saved, bot(4, edited))).toBe(true);
  });

  it('never replaces an edit made here: the conflict choice is offered instead', () => {
    expect(followsServer(draft({}), saved, bot(4))).toBe(false);
    expect(draftStatus(draft({}), bot(4), 'none')).toBe('conflict');
  });

  it('does not follow while its own save is on its way, or without knowing what was loaded', () => {
    const sending = draft({
      content: saved,
      saving: { commandId: 'c', baseVersion: 3, content: saved },
    });
    expect(followsServer(sending, saved, bot(4, edited))).toBe(false);
    expect(followsServer(draft({ content: saved }), null, bot(4, edited))).toBe(false);
  });
});
