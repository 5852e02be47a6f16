export * from './messages';
export * from './rules';
export * from './errors';
export * from './common';
export * from './auth';
export * from './staff';
export * from './content';
export * from './admin';
