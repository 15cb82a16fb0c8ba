import { describe, expect, it } from 'vitest';
import { mayFetchAhead } from './fetch-ahead';

const browser = (connection?: { saveData?: boolean }) => ({ connection }) as unknown as Navigator;

describe('fetching ahead', () => {
  it('is allowed unless the visitor asked to save data', () => {
    expect(mayFetchAhead(browser())).toBe(true);
    expect(mayFetchAhead(browser({ saveData: false }))).toBe(true);
    expect(mayFetchAhead(browser({ saveData: true }))).toBe(false);
  });
});
