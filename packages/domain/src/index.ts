/** @baridesk/domain: the pure business rules of BariDesk. */
export * from './constants';
export * from './food-log';
export * from './dates';
export * from './format';
export * from './menus';
export * from './numeric';
export * from './outcomes';
export * from './password';
export * from './permissions';
export * from './pipeline-engine';
export * from './pipeline-rules';
export * from './session';
export * from './spreadsheet';
export * from './stages';
export * from './surgery-date';
export * from './terms';
export * from './users';
