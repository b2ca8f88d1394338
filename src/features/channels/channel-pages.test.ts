import { describe, expect, it } from 'vitest';
import { autoReplyId, type Channel, type RoutingRule } from '../../protocol';
import { autoRepliesDefaults, checkAutoRepliesForm } from './auto-replies-form';
import { connectedRows, healthState } from './channel-list';
import { checkRuleForm, ruleFormDefaults, rulesInOrder } from './rule-form';
import { checkThresholdsForm } from './thresholds-form';

const CHANNEL = '0190a000-0000-7000-8000-000000000001';
const TEAM = '0190a000-0000-7000-8000-0000000000aa';
const at = '2026-11-26T12:00:00.000Z';

const channel = (id: string, name: string, type: Channel['type'] = 'telegram'): Channel => ({
  id,
  name,
  type,
  active: true,
  teamId: TEAM,
  notificationEmail: null,
  halfExpiredMinutes: null,
  expiredMinutes: null,
  autoReplyWaitMinutes: 1,
  settings: {},
  secretsSet: [],
  teamVisibility: false,
  ratingText: '',
  ratingBeforeEnd: false,
  createdAt: at,
  updatedAt: at,
});

const rule = (id: string, priority: number, isDefault = false): RoutingRule => ({
  id,
  channelId: CHANNEL,
  name: `rule ${id.slice(-2)}`,
  isDefault,
  priority,
  conditions: {
    chatStatus: 'any',
    messageType: 'any',
    mailingType: null,
    includeIntents: [],
    excludeIntents: [],
  },
  action: isDefault ? { kind: 'team', teamId: TEAM } : { kind: 'last_executor' },
});

describe('the channel list', () => {
  it('shows connected channels by name with their team and health, filtered by type', () => {
    const rows = connectedRows(
      [
        channel('0190a000-0000-7000-8000-000000000003', 'support bot'),
        channel('0190a000-0000-7000-8000-000000000002', 'Mail', 'email'),
        channel('0190a000-0000-7000-8000-000000000004', 'Alpha bot'),
      ],
      [{ id: TEAM, name: 'Support' } as never],
      [
        {
          id: '0190a000-0000-7000-8000-000000000004',
          connected: true,
          lastInboundAt: null,
          lastOutboundAt: null,
          lastError: null,
          lastErrorAt: null,
          setAsideEvents: 0,
          pendingDeliveries: 0,
          reauthorizationRequired: false,
          updatedAt: at,
        },
      ],
    );
    expect(rows.map((row) => [row.name, row.teamName, row.health])).toEqual([
      ['Alpha bot', 'Support', 'connected'],
      ['Mail', 'Support', 'unknown'],
      ['support bot', 'Support', 'unknown'],
    ]);
    expect(connectedRows(rows, [], [], 'email').map((row) => row.name)).toEqual(['Mail']);
  });

  it('tells a connected channel with a recent error from one that cannot connect', () => {
    expect(
      healthState({
        connected: true,
        lastError: 'Too Many Requests',
        reauthorizationRequired: false,
      }),
    ).toBe('failing');
    expect(
      healthState({ connected: false, lastError: 'Bad Gateway', reauthorizationRequired: false }),
    ).toBe('disconnected');
  });

  it('says a channel whose credentials lapsed needs authorising again, above any other state', () => {
    expect(
      healthState({ connected: false, lastError: 'Unauthorized', reauthorizationRequired: true }),
    ).toBe('reauthorize');
  });
});

describe('the routing rule form', () => {
  const ids = {
    ruleId: '0190a000-0000-7000-8000-0000000000r1'.replace('r1', '11'),
    channelId: CHANNEL,
  };

  it('places a new rule after the others and requires its name before sending', () => {
    const values = ruleFormDefaults(undefined, [
      rule(`${CHANNEL.slice(0, -2)}10`, 0, true),
      rule(`${CHANNEL.slice(0, -2)}12`, 4),
    ]);
    expect(values.priority).toBe('5');
    const checked = checkRuleForm({ ...values, teamId: TEAM }, ids);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems.name).toEqual({ kind: 'required' });
  });

  it('asks for a team for the team action, whole priorities, and no intent both ways', () => {
    const values = {
      ...ruleFormDefaults(undefined, []),
      name: 'Escalations',
      priority: '1.5',
      includeIntents: ['HELP' as const],
      excludeIntents: ['HELP' as const],
    };
    const checked = checkRuleForm(values, ids);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.problems.teamId).toEqual({ kind: 'required' });
      expect(checked.problems.priority).toEqual({ kind: 'wholeNumber' });
      expect(checked.problems.intents).toEqual({ kind: 'error', name: 'INVALID_RULE_CONDITION' });
    }
  });

  it('sends what the server parses, intents in the protocol order', () => {
    const checked = checkRuleForm(
      {
        ...ruleFormDefaults(undefined, []),
        name: ' Escalations ',
        teamId: TEAM,
        includeIntents: ['ESCALATE_TO_AGENT', 'HELP'],
      },
      ids,
    );
    expect(checked).toMatchObject({
      ok: true,
      payload: {
        name: 'Escalations',
        isDefault: false,
        priority: 0,
        conditions: { includeIntents: ['HELP', 'ESCALATE_TO_AGENT'] },
        action: { kind: 'team', teamId: TEAM },
      },
    });
  });

  it('asks for a chat bot for the chat-bot action, and sends the one chosen', () => {
    const values = {
      ...ruleFormDefaults(undefined, []),
      name: 'Night questions',
      action: 'chat_bot' as const,
    };
    const missing = checkRuleForm(values, ids);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems.botId).toEqual({ kind: 'required' });
    const BOT = TEAM.replace(/.$/, 'b');
    expect(checkRuleForm({ ...values, botId: BOT }, ids)).toMatchObject({
      ok: true,
      payload: { action: { kind: 'chat_bot', botId: BOT } },
    });
  });

  it('lists rules as they are tried: by priority, the default rule last', () => {
    const a = rule(`${CHANNEL.slice(0, -2)}21`, 2);
    const b = rule(`${CHANNEL.slice(0, -2)}22`, 1);
    const d = rule(`${CHANNEL.slice(0, -2)}20`, 0, true);
    expect(rulesInOrder([d, a, b]).map((r) => r.id)).toEqual([b.id, a.id, d.id]);
  });
});

describe('the auto-replies form', () => {
  it('sends only the kinds stored or switched on, and wants a text for them', () => {
    const values = autoRepliesDefaults(2, [
      {
        id: autoReplyId(CHANNEL, 'greeting'),
        channelId: CHANNEL,
        kind: 'greeting',
        enabled: true,
        text: 'Hello',
        buttons: ['Prices', 'Delivery'],
        attachments: [],
        updatedAt: at,
      },
    ]);
    expect(values.replies.greeting.buttons).toBe('Prices\nDelivery');
    const off = {
      ...values,
      replies: { ...values.replies, greeting: { ...values.replies.greeting, enabled: false } },
    };
    expect(checkAutoRepliesForm(off, CHANNEL, 'telegram')).toMatchObject({
      ok: true,
      payload: { waitMinutes: 2, replies: [{ kind: 'greeting', enabled: false, text: 'Hello' }] },
    });
    const empty = {
      ...values,
      replies: {
        ...values.replies,
        operators_offline: { ...values.replies.operators_offline, enabled: true },
      },
    };
    const checked = checkAutoRepliesForm(empty, CHANNEL, 'telegram');
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.operators_offline?.text).toEqual({
        kind: 'error',
        name: 'DEFAULT_MESSAGE_EMPTY',
      });
  });

  it('refuses more than ten buttons before sending', () => {
    const values = autoRepliesDefaults(1, []);
    values.replies.greeting = {
      ...values.replies.greeting,
      enabled: true,
      text: 'Hi',
      buttons: Array.from({ length: 11 }, (_, i) => `b${i}`).join('\n'),
    };
    const checked = checkAutoRepliesForm(values, CHANNEL, 'telegram');
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.greeting?.buttons).toEqual({
        kind: 'error',
        name: 'TOO_MANY_BUTTONS',
        params: { max: 10 },
      });
  });

  it("holds buttons to the channel's provider: WhatsApp shows titles of 20 characters", () => {
    const values = autoRepliesDefaults(1, []);
    values.replies.greeting = {
      ...values.replies.greeting,
      enabled: true,
      text: 'Hi',
      buttons: 'Prices\nTrack my delivery, please',
    };
    // 25 characters: within the spec's 64, so Telegram takes it; WhatsApp would cut it.
    expect(checkAutoRepliesForm(values, CHANNEL, 'telegram').ok).toBe(true);
    const checked = checkAutoRepliesForm(values, CHANNEL, 'whatsapp');
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.greeting?.buttons).toEqual({
        kind: 'error',
        name: 'BUTTON_TEXT_TOO_LONG',
        params: { max: 20 },
      });
  });
});

describe('the delay thresholds', () => {
  it('takes whole minutes or empty for off, the half-expired one first', () => {
    expect(checkThresholdsForm({ halfExpiredMinutes: '', expiredMinutes: '30' }, CHANNEL)).toEqual({
      ok: true,
      payload: { channelId: CHANNEL, halfExpiredMinutes: null, expiredMinutes: 30 },
    });
    expect(
      checkThresholdsForm({ halfExpiredMinutes: '10.5', expiredMinutes: '30' }, CHANNEL),
    ).toEqual({
      ok: false,
      problems: { halfExpiredMinutes: { kind: 'wholeNumber' } },
    });
    expect(
      checkThresholdsForm({ halfExpiredMinutes: '30', expiredMinutes: '30' }, CHANNEL),
    ).toEqual({
      ok: false,
      problems: { halfExpiredMinutes: { kind: 'order' } },
    });
  });
});

describe('auto-reply ids', () => {
  it('are the channel id with a per-kind ending, as the database computes them', () => {
    expect(autoReplyId(CHANNEL.toUpperCase(), 'quality_assessment')).toBe(
      '0190a000-0000-7000-8000-0000000000a4',
    );
  });
});
