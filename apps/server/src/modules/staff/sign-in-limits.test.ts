import { Code, consolePath } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../demo/demo-shop.js';
import { buildTestApp, dialects, signInConsole, type TestApp } from '../../../test/helper.js';
import { signInBurst, wrongKeyBurst } from '../../../test/sign-in-burst.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { totpAt } from './totp.js';

const BURST = 200;
const step = (t: TestApp) => Math.floor(t.clock.nowMs() / 1000 / 30);

describe.each(dialects)('sign-in limits under a burst on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it(`checks at most ${String(LIMITS.consoleSignInPerEmail.max)} of ${String(BURST)} concurrent password guesses at one email, even the right one`, async () => {
    const guesses = Array.from({ length: BURST }, (_, i) => ({
      email: DEMO_OWNER.email,
      password: i === 60 ? DEMO_OWNER.password : `wrong guess ${String(i)}`,
    }));
    const outcomes = await signInBurst(t.app, guesses);
    expect(outcomes.signedIn).toBe(0);
    expect(outcomes.checked).toBeLessThanOrEqual(LIMITS.consoleSignInPerEmail.max);
    expect(outcomes.limited).toBe(BURST - outcomes.checked);
    // The owner gets in once the window has passed.
    t.clock.advance(LIMITS.consoleSignInPerEmail.windowSeconds * 1000);
    await signInConsole(t);
  });

  it(`checks at most ${String(LIMITS.consoleSignInPerEmail.max)} of ${String(BURST)} concurrent second-factor codes`, async () => {
    const owner = await signInConsole(t);
    const { secret } = (await owner.send('POST', consolePath('totpSetup'))).body.data as { secret: string };
    expect((await owner.send('POST', consolePath('totpEnable'), { code: totpAt(secret, step(t)) })).body.code).toBe(
      Code.Success,
    );
    const good = new Set([-1, 0, 1].map((d) => totpAt(secret, step(t) + d)));
    const wrong = Array.from({ length: BURST + 3 }, (_, i) => String(100_000 + i)).filter((c) => !good.has(c));
    const attempts = Array.from({ length: BURST }, (_, i) => ({
      ...DEMO_OWNER,
      totp: i === 60 ? totpAt(secret, step(t) + 1) : (wrong[i] ?? ''),
    }));
    const outcomes = await signInBurst(t.app, attempts);
    expect(outcomes.signedIn).toBe(0);
    expect(outcomes.checked).toBeLessThanOrEqual(LIMITS.consoleSignInPerEmail.max);
    expect(outcomes.limited).toBe(BURST - outcomes.checked);
  });

  it('a successful sign-in still counts nothing', async () => {
    for (let i = 0; i < LIMITS.consoleSignInPerEmail.max * 2; i++) await signInConsole(t);
    const right = await signInBurst(
      t.app,
      Array.from({ length: 5 }, () => DEMO_OWNER),
    );
    expect(right.signedIn).toBe(5);
  });

  it(`looks up at most ${String(LIMITS.merchantKeyFailuresPerIp.max)} of ${String(BURST * 2)} concurrent wrong merchant keys from one address`, async () => {
    const outcomes = await wrongKeyBurst(t.app, BURST * 2, '203.0.113.77');
    expect(outcomes.checked).toBeLessThanOrEqual(LIMITS.merchantKeyFailuresPerIp.max);
    expect(outcomes.limited).toBe(BURST * 2 - outcomes.checked);
  });
});
