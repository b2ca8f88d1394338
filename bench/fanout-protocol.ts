/**
 * The IPC messages between bench/fanout.ts (the server's process) and bench/fanout-clients.ts
 * (the process holding the 1,000 client sockets). Times are `performance.timeOrigin +
 * performance.now()` in the process that took them: both run on this machine, and the run checks
 * how far the two clocks agree before it measures.
 */

/** What the client process connects to. */
export type ClientSetup = {
  kind: 'setup';
  /** `ws://…/api/sync/live?after=…` without the token. */
  liveUrl: string;
  /** Staff session tokens, given to the connections in turn. */
  tokens: string[];
  /** The bare `ws` reference server. */
  bareUrl: string;
  /** Connections to each server. */
  connections: number;
  /** Where the site-chat widget posts a customer's message, and the visitor's token. */
  widgetMessagesUrl: string;
  visitorToken: string;
  /** Longest wait for every connection to receive one probe. */
  timeoutMs: number;
};

/** Clock pings, failures and `close` are bench/child-ipc.ts's, as for every helper process. */
export type ToClients =
  | ClientSetup
  /** Send a customer message carrying `marker` through the widget API, and time its arrival. */
  | { kind: 'ours'; marker: string; messageId: string }
  /** Watch the bare sockets for `marker`; answered with `armed` before the broadcast. */
  | { kind: 'arm'; marker: string };

export type Arrivals = {
  kind: 'arrivals';
  marker: string;
  /** Client clock: when the command's HTTP request was sent (ours only). */
  sentAt: number | null;
  /** Client clock: when the command's HTTP answer came (ours only). */
  answeredAt: number | null;
  /** Client clock: when each connection got the frame carrying the marker. */
  arrivals: number[];
  /** Byte lengths of those frames, smallest and largest. */
  frameBytes: { min: number; max: number };
};

export type FromClients =
  | { kind: 'ready'; ours: number; bare: number; seconds: number }
  | { kind: 'armed'; marker: string }
  | Arrivals;

/** The clock both processes read. */
export const machineNow = (): number => performance.timeOrigin + performance.now();
