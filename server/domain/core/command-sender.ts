import type { Actor } from '../../../src/protocol';

/**
 * Who sent a command, as its id is kept under: each staff member, each site-chat visitor and each
 * channel adapter has ids of its own, so nobody's command id can be answered with, or swallowed
 * by, another sender's command.
 */
export type CommandSender = `user:${string}` | `visitor:${string}` | `channel:${string}` | 'system';

/** The sender an actor stands for when the caller names no finer one (a visitor within a channel). */
export function senderOfActor(actor: Actor): CommandSender {
  if (actor.kind === 'user') return `user:${actor.id}`;
  if (actor.kind === 'channel') return `channel:${actor.id}`;
  return 'system';
}
