import type { BotAction, BotNode, BotTrigger, Intent } from '../../../src/protocol';
import { minuteOfDay } from '../../../src/protocol/metrics';

/**
 * How a published scenario answers (docs/chatbots.md "The runtime"): pure, from the scenario, the
 * node the chat is at, what the customer wrote and the time. The I/O around it stores the bot's
 * messages, sends them through the chat's channel and carries out the final action.
 */

/** One message the bot sends: its reply, and the answers it offers as buttons. */
export type BotSay = {
  nodeId: string | null;
  text: string;
  fileId: string | null;
  buttons: { name: string; kind: 'value' | 'link'; link: string }[];
};

export type BotStep = {
  say: BotSay[];
  /** The node the chat waits at for the customer's next answer; null once the bot's part ended. */
  at: string | null;
  /**
   * How the bot's part ended (a node's final action; `none` when it ended with nothing to do, or
   * no trigger's window held): the chat then goes where the action says, else to its queue.
   */
  end: BotAction | null;
  /** Whether the customer's answer matched nothing, so the default message was said. */
  confused: boolean;
};

/** Nodes followed without the customer in one step: beyond, the scenario is broken (validation forbids loops). */
const MAX_HOPS = 50;

/** `HH:MM` as minutes of the day. */
const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Whether an instant falls in a trigger's window, read in its own time zone (over midnight when end < start). */
export function inWindow(trigger: BotTrigger, at: number): boolean {
  const now = minuteOfDay(at, trigger.timeZone);
  const start = minutesOf(trigger.start);
  const end = minutesOf(trigger.end);
  return start <= end ? now >= start && now < end : now >= start || now < end;
}

const says = (node: BotNode): BotSay[] =>
  node.reply.text.trim() === '' && node.reply.fileId === null && node.buttons.length === 0
    ? []
    : [
        {
          nodeId: node.id,
          text: node.reply.text,
          fileId: node.reply.fileId,
          buttons: node.buttons.map(({ name, kind, link }) => ({ name, kind, link })),
        },
      ];

/**
 * Enters a node: its reply is said; a trigger node goes on at once to the first window holding
 * now; a node with a final action ends the bot's part with it; a node that offers nothing to
 * answer ends it with nothing to do; any other waits there for the customer.
 */
function enter(nodes: ReadonlyMap<string, BotNode>, startId: string | null, at: number): BotStep {
  const said: BotSay[] = [];
  let id = startId;
  for (let hop = 0; hop < MAX_HOPS && id !== null; hop++) {
    const node = nodes.get(id);
    if (!node) break;
    said.push(...says(node));
    if (node.triggers.length > 0) {
      id = node.triggers.find((trigger) => inWindow(trigger, at))?.next ?? null;
      if (id === null) break;
      continue;
    }
    if (node.action.kind !== 'none')
      return { say: said, at: null, end: node.action, confused: false };
    const waits = node.buttons.length > 0 || node.intents.length > 0 || node.defaultNext !== null;
    return waits
      ? { say: said, at: node.id, end: null, confused: false }
      : { say: said, at: null, end: { kind: 'none' }, confused: false };
  }
  return { say: said, at: null, end: { kind: 'none' }, confused: false };
}

/** A chat given to the bot: it starts at the root. */
export function botStart(nodes: readonly BotNode[], rootId: string, at: number): BotStep {
  return enter(new Map(nodes.map((node) => [node.id, node])), rootId, at);
}

/**
 * The customer answered at a node: a value button by its name (whatever the case and spaces), an
 * intent the answer carries, the node's default action; else the bot says its default message
 * and keeps waiting there.
 */
export function botAnswer(
  nodes: readonly BotNode[],
  atId: string,
  answer: { text: string; intents: ReadonlySet<Intent> },
  defaultMessage: string,
  at: number,
): BotStep {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const node = byId.get(atId);
  // The node is gone from the version the chat runs on only if that version is broken: end.
  if (!node) return { say: [], at: null, end: { kind: 'none' }, confused: false };
  const typed = answer.text.trim().toLowerCase();
  const pressed = node.buttons.find(
    (button) => button.kind === 'value' && button.name.trim().toLowerCase() === typed,
  );
  const next =
    pressed?.next ??
    node.intents.find((entry) => entry.intent !== null && answer.intents.has(entry.intent))?.next ??
    node.defaultNext;
  if (next !== null) return enter(byId, next, at);
  return {
    say: [{ nodeId: null, text: defaultMessage, fileId: null, buttons: [] }],
    at: node.id,
    end: null,
    confused: true,
  };
}
