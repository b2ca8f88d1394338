import { describe, expect, it } from 'vitest';
import type { BotNode, Intent } from '../../../src/protocol';
import { botAnswer, botStart, inWindow } from './bot-step';
import { botNode } from './test-nodes';

let seq = 0;
const id = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const node = (fields: Partial<BotNode>): BotNode => botNode(fields, id);
const reply = (text: string) => ({ text, fileId: null });
const none = new Set<Intent>();
// 10:30 in Moscow (UTC+3) on a Wednesday.
const MORNING = Date.UTC(2026, 10, 25, 7, 30);
const NIGHT = Date.UTC(2026, 10, 25, 20, 0);

/** The Done-when's bot: a greeting with two buttons; one answers and closes, one hands over to a team. */
function bot() {
  const hours = node({ reply: reply('We open at nine'), action: { kind: 'close' } });
  const person = node({ reply: reply('Passing you on'), action: { kind: 'team', teamId: id() } });
  const greeting = node({
    reply: reply('Hello! How can I help?'),
    buttons: [
      { id: id(), name: 'Opening hours', kind: 'value', link: '', next: hours.id },
      { id: id(), name: 'Talk to a person', kind: 'value', link: '', next: person.id },
      { id: id(), name: 'Our site', kind: 'link', link: 'https://shop.example', next: null },
    ],
    intents: [{ id: id(), intent: 'ESCALATE_TO_AGENT', next: person.id }],
  });
  return { nodes: [greeting, hours, person], greeting, hours, person };
}

describe('the bot at work', () => {
  it('greets with the root’s reply and its buttons, and waits there', () => {
    const { nodes, greeting } = bot();
    const step = botStart(nodes, greeting.id, MORNING);
    expect(step).toMatchObject({ at: greeting.id, end: null, confused: false });
    expect(step.say).toEqual([
      {
        nodeId: greeting.id,
        text: 'Hello! How can I help?',
        fileId: null,
        buttons: [
          { name: 'Opening hours', kind: 'value', link: '' },
          { name: 'Talk to a person', kind: 'value', link: '' },
          { name: 'Our site', kind: 'link', link: 'https://shop.example' },
        ],
      },
    ]);
  });

  it('follows a pressed button, whatever its case, to a node that answers and ends with its action', () => {
    const { nodes, greeting, hours } = bot();
    const step = botAnswer(
      nodes,
      greeting.id,
      { text: '  opening HOURS ', intents: none },
      'Sorry?',
      MORNING,
    );
    expect(step).toMatchObject({ at: null, end: { kind: 'close' }, confused: false });
    expect(step.say.map((said) => [said.nodeId, said.text])).toEqual([
      [hours.id, 'We open at nine'],
    ]);
  });

  it('follows an intent of a typed answer, and says the default message on anything else, still waiting', () => {
    const { nodes, greeting, person } = bot();
    const escalated = botAnswer(
      nodes,
      greeting.id,
      { text: 'a human please', intents: new Set<Intent>(['ESCALATE_TO_AGENT']) },
      'Sorry?',
      MORNING,
    );
    expect(escalated.end).toEqual(person.action);
    const lost = botAnswer(
      nodes,
      greeting.id,
      { text: 'Our site', intents: none },
      'Please use the buttons',
      MORNING,
    );
    expect(lost).toEqual({
      say: [{ nodeId: null, text: 'Please use the buttons', fileId: null, buttons: [] }],
      at: greeting.id,
      end: null,
      confused: true,
    });
  });

  it('takes the default action on any other answer', () => {
    const { nodes, greeting, person } = bot();
    greeting.defaultNext = person.id;
    expect(
      botAnswer(nodes, greeting.id, { text: 'hm', intents: none }, 'Sorry?', MORNING).end,
    ).toEqual(person.action);
  });

  it('chooses by the clock in the trigger’s own time zone, and ends with nothing to do when no window holds', () => {
    const { nodes, hours, person } = bot();
    const router = node({
      reply: reply('One moment'),
      triggers: [
        { id: id(), start: '09:00', end: '18:00', timeZone: 'Europe/Moscow', next: person.id },
        { id: id(), start: '22:00', end: '06:00', timeZone: 'Europe/Moscow', next: hours.id },
      ],
    });
    const all = [router, ...nodes];
    expect(botStart(all, router.id, MORNING)).toMatchObject({ end: person.action });
    expect(botStart(all, router.id, MORNING).say.map((said) => said.text)).toEqual([
      'One moment',
      'Passing you on',
    ]);
    // 23:00 in Moscow: the window over midnight.
    expect(botStart(all, router.id, NIGHT)).toMatchObject({ end: { kind: 'close' } });
    // 19:30 in Moscow: neither.
    const evening = Date.UTC(2026, 10, 25, 16, 30);
    expect(botStart(all, router.id, evening)).toMatchObject({ at: null, end: { kind: 'none' } });
  });

  it('reads a window as half-open, over midnight when it ends before it starts', () => {
    const trigger = { id: id(), start: '22:00', end: '06:00', timeZone: 'UTC', next: null };
    expect(inWindow(trigger, Date.UTC(2026, 0, 1, 22, 0))).toBe(true);
    expect(inWindow(trigger, Date.UTC(2026, 0, 1, 5, 59))).toBe(true);
    expect(inWindow(trigger, Date.UTC(2026, 0, 1, 6, 0))).toBe(false);
    expect(
      inWindow({ ...trigger, start: '09:00', end: '18:00' }, Date.UTC(2026, 0, 1, 18, 0)),
    ).toBe(false);
  });
});
