/**
 * Report and monitoring metrics, defined once (docs/metrics.md). Pure: the server's daily
 * roll-ups and the browser's monitoring tables compute the same numbers from the same rules.
 */
export * from './local-day';
export * from './facts';
export * from './observations';
export * from './stats';
export * from './chat-metrics';
export * from './working-time';
export * from './rollup';
export * from './report';
export * from './day-figures';
