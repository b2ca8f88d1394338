export * from './report-api';
export * from './duration-units';
export * from './report-tables';
export * from './report-texts';
