/* Every call of spec §7, one file per feature. */
export * from './calls/session.js';
export * from './calls/orders.js';
export * from './calls/return-flow.js';
export * from './calls/status.js';
export * from './calls/exchange.js';
export * from './calls/pickup-and-bank.js';
export * from './calls/uploads.js';
export * from './calls/accessibility.js';
export * from './calls/gift.js';
export { declareWithdrawal, withdrawalItems } from './withdrawal.js';
