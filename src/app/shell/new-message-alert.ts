import type { Chat } from '../../protocol';
import { LIMITS } from '../../protocol';

/** Spec §4: while an alert runs the title alternates every second between the alert and the page's own. */
export const titleAt = (tick: number, normal: string, alert: string): string =>
  tick % 2 === 0 ? alert : normal;

/**
 * The chats whose customer wrote since the last look, among those this user answers: theirs, or
 * waiting in one of their team queues. `seen` maps chat id → the last customer message time known
 * (the caller skips the first load, when everything is "new").
 */
export function freshCustomerMessages(
  chats: readonly Chat[],
  seen: ReadonlyMap<string, string>,
  viewer: { id: string; teamIds: readonly string[] },
): Chat[] {
  return chats.filter((chat) => {
    const at = chat.lastClientMessageAt;
    if (!at || chat.status === 'closed') return false;
    const mine =
      chat.operatorId === viewer.id ||
      (chat.status === 'pending' && chat.teamId !== null && viewer.teamIds.includes(chat.teamId));
    if (!mine) return false;
    const before = seen.get(chat.id);
    // A chat not known at the last look is a new customer: that is news too.
    return before === undefined || at > before;
  });
}

/** The local store's bootstrap as its progress row tells: not read yet or none, under way, or finished. */
export type BootstrapProgress =
  { state: 'unknown' | 'loading' } | { state: 'done'; cursor: number };

/**
 * What one look at the chats does: nothing yet, learn them as they are (under the bootstrap `at`
 * that cursor), or announce what changed since the last look.
 */
export type LookAction = { kind: 'wait' } | { kind: 'learn'; at: number } | { kind: 'compare' };

/**
 * Decides one look, `learntAt` being the bootstrap (by its cursor) the known chats were learnt
 * under. Against nothing known every chat would be news, so the first look, and the first after
 * a new bootstrap (which empties the chat table and fills it again), only learn the chats. While a
 * bootstrap runs, and until the chat index holds everything it wrote, looks wait: what is learnt
 * is then the whole refilled table, not part of it with the rest to announce a moment later.
 */
export function lookAction(
  learntAt: number | null,
  bootstrap: BootstrapProgress,
  indexCaughtUp: boolean,
): LookAction {
  if (bootstrap.state !== 'done') return { kind: 'wait' };
  if (learntAt === bootstrap.cursor) return { kind: 'compare' };
  return indexCaughtUp ? { kind: 'learn', at: bootstrap.cursor } : { kind: 'wait' };
}

/** Runs the title alert: alternates until stopped, then puts the page's own title back. */
export class TitleAlert {
  private timer: ReturnType<typeof setInterval> | undefined;
  private normal = '';

  constructor(private readonly doc: { title: string }) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(alert: string): void {
    if (this.timer) return;
    this.normal = this.doc.title;
    let tick = 0;
    this.doc.title = titleAt(tick, this.normal, alert);
    this.timer = setInterval(() => {
      tick += 1;
      this.doc.title = titleAt(tick, this.normal, alert);
    }, LIMITS.titleAlertIntervalMs);
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.doc.title = this.normal;
  }
}
