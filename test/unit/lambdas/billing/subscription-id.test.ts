/**
 * The derived subscription id (lambdas/billing/subscription-sync.ts): the same Stripe subscription
 * always maps to the same ULID, different ones never collide in practice, and ids sort by the
 * subscriptions' creation time like the ULIDs the rest of the table uses.
 */
import fc from 'fast-check';
import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { subscriptionItemId } from '../../../../lambdas/billing/subscription-sync';

describe('subscriptionItemId', () => {
  it('is a valid ULID whose time is the subscription’s creation', () => {
    const id = subscriptionItemId('sub_1PqRsTuVwXyZ', 1_763_900_000);
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(1_763_900_000_000);
  });

  it('is deterministic and tells subscriptions apart', () => {
    expect(subscriptionItemId('sub_a', 1_700_000_000)).toBe(
      subscriptionItemId('sub_a', 1_700_000_000),
    );
    expect(subscriptionItemId('sub_a', 1_700_000_000)).not.toBe(
      subscriptionItemId('sub_b', 1_700_000_000),
    );
  });

  it('sorts by creation time, whatever the Stripe ids', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 1_500_000_000, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (first, second, created, later) => {
          const older = subscriptionItemId(`sub_${first}`, created);
          const newer = subscriptionItemId(`sub_${second}`, created + later);
          expect(older < newer).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
