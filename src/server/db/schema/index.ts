// The schema as one object for Drizzle and drizzle-kit; each aggregate keeps its own file.
export * from './enums';
export * from './users';
export * from './properties';
export * from './requirements';
export * from './inspectors';
export * from './inspections';
export * from './deficiencies';
export * from './reports';
export * from './reminders';
export * from './support';
export * from './imports';
export * from './email';
export * from './mail-consents';
export * from './billing';
export * from './rate-limits';
export * from './calendar-feeds';
export * from './undo';
