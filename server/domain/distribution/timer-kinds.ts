/** The rules that run on a clock; each keeps at most one due time per chat or operator. */
export const TIMER_KINDS = [
  'chat.expiry',
  'chat.redistribute',
  'chat.autoClose',
  'chat.autoReply',
  'user.autoBreak',
] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];
