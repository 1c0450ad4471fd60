export * from './block-lists.js';
export * from './conditions.js';
export * from './default-rules.js';
export * from './evaluate.js';
export * from './fees.js';
export * from './rule-facts.js';
