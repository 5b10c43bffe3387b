import { describe, expect, it } from 'vitest';
import { currentSection } from './section-spy.ts';

describe('currentSection', () => {
  it('is the last heading at or above the line, the first before any', () => {
    expect(currentSection([300, 900, 1500], 200)).toBe(0);
    expect(currentSection([-500, 150, 900], 200)).toBe(1);
    expect(currentSection([-900, -400, 200], 200)).toBe(2);
    expect(currentSection([], 200)).toBe(0);
  });
});
