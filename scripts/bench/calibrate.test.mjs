import { describe, expect, it } from 'vitest';
import { bisectRate, MID_TIER_PHONE } from './calibrate.mjs';

describe('bisectRate', () => {
  it('finds the rate at which a machine scores as the mid-tier phone', async () => {
    const asked = [];
    // A machine scoring 2,600 whose index falls a little faster than the rate rises.
    const measure = async (rate) => (asked.push(rate), 2600 / rate ** 1.1);
    const found = await bisectRate(2600, MID_TIER_PHONE, measure);
    expect(found.tooWeak).toBe(false);
    expect(Math.abs(found.score - MID_TIER_PHONE)).toBeLessThanOrEqual(30);
    expect(found.rate).toBeGreaterThan(2);
    expect(found.rate).toBeLessThan(2600 / MID_TIER_PHONE);
    expect(asked.length).toBeLessThanOrEqual(8);
    expect(asked.every((rate) => Number(rate.toFixed(2)) === rate)).toBe(true);
  });

  it('stops after eight steps on a machine too noisy to meet the target', async () => {
    let steps = 0;
    const found = await bisectRate(3000, MID_TIER_PHONE, async () => (steps++ % 2 === 0 ? 600 : 1600));
    expect(steps).toBe(8);
    expect(found.tooWeak).toBe(false);
  });

  it('does not slow a machine that is already slower than the phone', async () => {
    const found = await bisectRate(820, MID_TIER_PHONE, async () => {
      throw new Error('not measured');
    });
    expect(found).toEqual({ host: 820, rate: 1, score: 820, tooWeak: true });
  });
});
