/**
 * The contract's plain values, importable without zod (`@return-center/contract/zod-free`): the portal's login route
 * draws the form without loading zod (DESIGN §6 budget) and validates answers once they arrive. Types of the schemas
 * come from the main entry with `import type`, which loads nothing.
 */
export * from './call.js';
export * from './codes.js';
export * from './constants.js';
export * from './http-status.js';
export * from './ids.js';
export * from './messages.js';
export * from './page-protocol.js';
