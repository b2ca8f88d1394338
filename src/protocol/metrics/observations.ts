import type { CloseCause } from './facts';

/** The three states of the working-time chart (spec §3). */
export const PRESENCE_STATES = ['not_online', 'break', 'at_work'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/**
 * Where an observation is counted: the chat's channel, the team it was in and the operator it is
 * attributed to at that moment (each metric says which operator). Working time has no channel
 * or team.
 */
export type Dimensions = {
  channelId: string | null;
  teamId: string | null;
  operatorId: string | null;
};

/**
 * One attributed measurement at one instant, the atom every report number is built from. An
 * observation depends only on facts at or before its `at`, so appending facts never changes one
 * already made: daily roll-ups can be kept as events commit.
 */
export type Observation = Dimensions & { at: number } & (
    | { metric: 'dialog'; clientId: string }
    | { metric: 'firstReply'; ms: number }
    | { metric: 'replyTime'; ms: number }
    | { metric: 'reaction'; ms: number }
    | { metric: 'unansweredAssignment' }
    | { metric: 'dialogTime'; ms: number }
    | { metric: 'missed' }
    | { metric: 'closed'; cause: CloseCause; categoryId: string | null }
    | { metric: 'assigned'; to: 'bot' | 'operator' | 'team' }
    | { metric: 'transferred' }
    | { metric: 'rated'; rating: number }
    | { metric: 'workingTime'; state: PresenceState; ms: number }
  );

export type Metric = Observation['metric'];
export type ObservationOf<M extends Metric> = Extract<Observation, { metric: M }>;
