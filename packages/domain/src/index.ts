export * from './allocate.js';
export * from './return-rules.js';
export * from './return-money.js';
export * from './config-sign.js';
export * from './eligibility.js';
export * from './money.js';
export * from './sha256.js';
export * from './validation.js';
