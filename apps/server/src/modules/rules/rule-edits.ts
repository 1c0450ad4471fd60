import { Code, ruleSetBody, type ReturnRule, type RuleSetBody } from '@return-center/contract';
import { AppError, errors, parseInput } from '../../http/app-error.js';

/** A change to a shop's rule set, made on the set as stored (so a retry after a lost race makes it again). */
export type RuleEdit = (set: RuleSetBody) => RuleSetBody;

export const replaceAll =
  (body: RuleSetBody): RuleEdit =>
  () =>
    body;

/** Adds a rule after the others; an id the set already has is refused (409). */
export const addRule =
  (rule: ReturnRule): RuleEdit =>
  (set) => {
    if (set.rules.some((entry) => entry.id === rule.id))
      throw new AppError(Code.InvalidInput, `id: the rules already have one named ${rule.id}`, 400, null, 409);
    return { ...set, rules: [...set.rules, rule] };
  };

/** Replaces the rule of this id where it stands; the body keeps the id of the path. */
export const replaceRule =
  (id: string, rule: ReturnRule): RuleEdit =>
  (set) => {
    if (!set.rules.some((entry) => entry.id === id)) throw errors.notFound();
    if (rule.id !== id) throw errors.unprocessable('id', `the rule's id is ${id}, as in the path`);
    return { ...set, rules: set.rules.map((entry) => (entry.id === id ? rule : entry)) };
  };

/** Puts the rules in the order of `ids`, which must name every rule of the set once. */
export const reorderRules =
  (ids: readonly string[]): RuleEdit =>
  (set) => {
    const known = set.rules.map((rule) => rule.id);
    if (ids.length !== known.length || new Set(ids).size !== ids.length || ids.some((id) => !known.includes(id)))
      throw errors.unprocessable('ids', `every rule id once: ${known.join(', ') || 'none'}`);
    return { ...set, rules: ids.map((id) => set.rules.find((rule) => rule.id === id) as ReturnRule) };
  };

/** The edited set as the contract reads it (each refused field named), so no edit can store a set it would refuse. */
export const checkedSet = (set: RuleSetBody): RuleSetBody => parseInput(ruleSetBody, set);
