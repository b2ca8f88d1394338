export * from './report-api';
