export * from './users';
export * from './sessions';
export * from './ledger';
export * from './items';
export * from './taps';
