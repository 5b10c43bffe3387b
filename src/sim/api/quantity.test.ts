import { describe, expect, it } from 'vitest';
import { addQuantity, canonicalQuantity, compareQuantity, milliValue, parseQuantity, quantityError, quantityValue } from './quantity.ts';

describe('quantities', () => {
  it('parses and canonicalises like the API server', () => {
    expect(canonicalQuantity('100m')).toBe('100m');
    expect(canonicalQuantity('0.5')).toBe('500m');
    expect(canonicalQuantity(0.5)).toBe('500m');
    expect(canonicalQuantity('1000m')).toBe('1');
    expect(canonicalQuantity('1500m')).toBe('1500m');
    expect(canonicalQuantity('2000')).toBe('2k');
    expect(canonicalQuantity('128Mi')).toBe('128Mi');
    expect(canonicalQuantity('1.5Gi')).toBe('1536Mi');
    expect(canonicalQuantity('1024Mi')).toBe('1Gi');
    expect(canonicalQuantity('512Ki')).toBe('512Ki');
    expect(canonicalQuantity('1e3')).toBe('1e3');
    expect(canonicalQuantity('0')).toBe('0');
    expect(canonicalQuantity(2)).toBe('2');
  });
  it('reports the regexp error for bad input', () => {
    const msg = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
    expect(quantityError('1GB')).toBe(msg);
    expect(quantityError('1 core')).toBe(msg);
    expect(quantityError('100m')).toBeUndefined();
  });
  it('compares and adds exactly', () => {
    expect(compareQuantity(parseQuantity('1Gi'), parseQuantity('512Mi'))).toBe(1);
    expect(compareQuantity(parseQuantity('1'), parseQuantity('1000m'))).toBe(0);
    expect(compareQuantity(parseQuantity('100m'), parseQuantity('0.2'))).toBe(-1);
    expect(milliValue(addQuantity(parseQuantity('100m'), parseQuantity('0.25')))).toBe(350);
    expect(quantityValue(parseQuantity('1Ki'))).toBe(1024);
    expect(milliValue(parseQuantity('1u'))).toBe(1);
  });
});
