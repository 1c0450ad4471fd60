import { describe, expect, it } from 'vitest';
import { holdCaptureDays, instantExchangeOffer, instantHoldAmount, rejectedShareOfHold } from './instant-exchange.js';

const rule = { id: 'r', name: 'VIP' };

describe('instant exchanges', () => {
  it('are offered by the first rule that decides, else by the shop’s setting', () => {
    const on = { enabled: true, capture_after_days: 14 };
    const off = { enabled: false, capture_after_days: 14 };
    expect(instantExchangeOffer(on, { instantExchange: null })).toEqual({ releaseOn: 'received' });
    expect(instantExchangeOffer(off, { instantExchange: null })).toBeNull();
    const scan = { rule, offer: true, releaseOn: 'first_scan' as const };
    expect(instantExchangeOffer(off, { instantExchange: scan })).toEqual({ releaseOn: 'first_scan' });
    expect(instantExchangeOffer(on, { instantExchange: { ...scan, offer: false } })).toBeNull();
  });

  it('hold what the return’s credit pays for, never the difference the shopper paid', () => {
    expect(instantHoldAmount(8900, 8900)).toBe(8900);
    expect(instantHoldAmount(4763, 12000)).toBe(4763);
    expect(instantHoldAmount(5000, 3000)).toBe(3000);
  });

  it('capture the refused units’ share of the hold', () => {
    expect(rejectedShareOfHold(8900, 4450)).toBe(4450);
    expect(rejectedShareOfHold(8900, 8900)).toBe(0);
    expect(rejectedShareOfHold(8900, 0)).toBe(8900);
  });

  it('wait for the parcel no longer than the provider keeps the authorisation', () => {
    expect(holdCaptureDays(14, 30)).toBe(14);
    expect(holdCaptureDays(14, 7)).toBe(6);
    expect(holdCaptureDays(3, 7)).toBe(3);
  });
});
