import { createConfig, lintFromString } from '@redocly/openapi-core';
import { expect, it } from 'vitest';
import { merchantOpenApi } from './openapi.js';

/** The merchant API's OpenAPI document passes a standard linter (Redocly's recommended rules), as integrators' tools read it. */
it('passes the recommended OpenAPI lint rules', async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(merchantOpenApi()),
    absoluteRef: 'merchant-openapi.json',
    config,
  });
  const found = problems.map(
    (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
  );
  expect(found).toEqual([]);
});
