// Phone numbers in E.164: how the seed and calendars write them becomes what the voice platform dials.
import { describe, expect, it } from 'vitest';
import { toE164 } from '../../../core/confirmations/phone.ts';

describe('toE164', () => {
  it('turns North American numbers as people write them into E.164', () => {
    expect(toE164('(312) 555-0123')).toBe('+13125550123');
    expect(toE164('312.555.0123')).toBe('+13125550123');
    expect(toE164('312-555-0123')).toBe('+13125550123');
    expect(toE164(' 1 312 555 0123 ')).toBe('+13125550123');
    expect(toE164('3125550123')).toBe('+13125550123');
  });

  it('keeps numbers already in E.164, and reads the 00 international prefix', () => {
    expect(toE164('+13125550123')).toBe('+13125550123');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958');
  });

  it('uses the default country for national numbers (dropping a trunk 0)', () => {
    expect(toE164('020 7946 0958', '44')).toBe('+442079460958');
    expect(toE164('7946 0958', '44')).toBe('+4479460958');
  });

  it('refuses what cannot be dialed', () => {
    for (const bad of [
      '',
      'call me',
      '555-0123',
      '(312) 555-012',
      '(312) 555-01234',
      '312-555-0123 x12',
      '+0123456789',
      '+1234567890123456',
      '+1 (012) 555-0123',
      '(312) 055-0123',
      '++13125550123',
      '312#5550123',
    ]) {
      expect(toE164(bad), bad).toBeNull();
    }
    expect(toE164('3125550123', 'x')).toBeNull();
    expect(toE164(null as unknown as string)).toBeNull();
  });
});
