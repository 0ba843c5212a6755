import { describe, expect, it } from '@jest/globals';
import { formatAccuracy, formatUploadDate } from './format';

describe('dashboard card formatting', () => {
  it('writes the upload date as MMM d, yyyy', () => {
    expect(formatUploadDate(new Date(2026, 0, 5, 12))).toBe('Jan 5, 2026');
    expect(formatUploadDate(new Date(2025, 11, 31, 12).toISOString())).toBe('Dec 31, 2025');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatUploadDate('not a date')).toBe('');
  });

  it('rounds accuracy to a whole percent', () => {
    expect(formatAccuracy(66.666)).toBe('67%');
    expect(formatAccuracy(12.4)).toBe('12%');
    expect(formatAccuracy(null)).toBe('0%');
  });
});
