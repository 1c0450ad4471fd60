import { z } from 'zod';
import type { MerchantRoute } from './merchant-route.js';
import { returnRule, ruleOrder, ruleSet, ruleSetBody, simulateBody, simulation } from './rules.js';

/** The merchant API's return rules (merchantRoutes, issue 32): the set, each rule, their order and the simulator. */
export const ruleRoutes = {
  getRules: {
    method: 'GET',
    path: '/rules',
    summary: 'The return rules, in order, with the block lists; the ETag is their version',
    answer: ruleSet,
  },
  putRules: {
    method: 'PUT',
    path: '/rules',
    summary: 'Replace the return rules and block lists; with `If-Match: "<ETag of a GET>"` only over that version',
    body: ruleSetBody,
    answer: ruleSet,
    refusals: [412],
  },
  createRule: {
    method: 'POST',
    path: '/rules',
    summary: 'Add a rule after the others; with `If-Match` only over that version',
    body: returnRule,
    answer: ruleSet,
    refusals: [409, 412],
  },
  updateRule: {
    method: 'PUT',
    path: '/rules/{id}',
    summary: 'Replace one rule, keeping its place; with `If-Match` only over that version',
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    body: returnRule,
    answer: ruleSet,
    refusals: [404, 412, 422],
  },
  reorderRules: {
    method: 'POST',
    path: '/rules/reorder',
    summary: 'Put the rules in a new order: every rule id once; with `If-Match` only over that version',
    body: ruleOrder,
    answer: ruleSet,
    refusals: [412, 422],
  },
  simulateRules: {
    method: 'POST',
    path: '/rules/simulate',
    summary:
      "Try draft rules against the shop's latest requests (up to 10,000) and see what they would change; nothing is saved. At most 30 per shop in 10 minutes (429 after)",
    body: simulateBody,
    answer: simulation,
  },
} satisfies Record<string, MerchantRoute>;
