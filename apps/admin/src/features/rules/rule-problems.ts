import { returnRule, type ReturnRule } from '@return-center/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * A condition is one of several shapes: the contract then refuses the whole condition. The shape it meant is the one
 * whose `field` fits; its complaints are the ones to show, at their fields.
 */
function flatten(issue: Issue, prefix: readonly PropertyKey[] = []): Issue[] {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union') return [{ ...issue, path }];
  const meant =
    issue.errors.find((branch) => !branch.some((e) => e.code === 'invalid_value' && e.path[0] === 'field')) ??
    issue.errors[0] ??
    [];
  return meant.length ? meant.flatMap((inner) => flatten(inner, path)) : [{ ...issue, path }];
}

/** A check of the contract's own ("value: a percentage is at most 100") names its field first. */
const NAMED = /^([a-z_]+(?:\.[a-z_]+)*): (.+)$/;

function wordsOf(issue: Issue, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('rules.problem.required');
      if (issue.origin === 'array') return t('rules.problem.pickOne');
      return Number(issue.minimum) <= 1
        ? t('rules.problem.positive')
        : t('rules.problem.atLeast', { min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return t('rules.problem.longest', { max: issue.maximum });
      if (issue.origin === 'array') return t('rules.problem.most', { max: issue.maximum });
      return Number(issue.maximum) >= 1_000_000
        ? t('rules.problem.huge')
        : t('rules.problem.atMost', { max: issue.maximum });
    case 'invalid_type':
      return issue.expected === 'number' ? t('rules.problem.number') : issue.message;
    default:
      return issue.message;
  }
}

/** Each refused field of the rule, by its path (`conditions.0.value`), in plain words; the first complaint wins. */
export function problemsOf(rule: ReturnRule, t: TFunction): Map<string, string> {
  const checked = returnRule.safeParse(rule);
  const problems = new Map<string, string>();
  if (checked.success) return problems;
  for (const issue of checked.error.issues.flatMap((found) => flatten(found))) {
    const named = issue.code === 'custom' ? NAMED.exec(issue.message) : null;
    const path = issue.path.map(String);
    if (named?.[1] && path.at(-1) !== named[1]) path.push(...named[1].split('.'));
    const key = path.join('.');
    const said = named?.[2];
    const words = said ? `${said.charAt(0).toUpperCase()}${said.slice(1)}` : wordsOf(issue, t);
    if (!problems.has(key)) problems.set(key, words);
  }
  return problems;
}
