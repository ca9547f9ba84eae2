import { describe, expect, it } from 'vitest';
import { validation } from './messages.js';
import { rollRequestDateErrors, rollRequestDateLimits } from './roll-request.js';

describe('roll request limits from today', () => {
  it('bounds the pickers: start from today, delivery from tomorrow to the start, send from today to the day before delivery', () => {
    expect(rollRequestDateLimits('2026-12-31', { startDate: '2027-01-05', receiveDate: '2027-01-03' })).toEqual({
      startDate: { min: '2026-12-31' },
      receiveDate: { min: '2027-01-01', max: '2027-01-05' },
      sendDate: { min: '2026-12-31', max: '2027-01-02' },
    });
    expect(rollRequestDateLimits('2026-12-31', {}).sendDate.max).toBeUndefined();
  });
  it('judges every date rule against today', () => {
    const request = { startDate: '2026-12-30', receiveDate: '2026-12-31', sendDate: '2026-12-30', amountOfDays: 7 };
    expect(rollRequestDateErrors(request, '2026-12-31')).toEqual({
      startDate: validation.startDateBeforeToday,
      receiveDate: validation.receiveDateOutOfRange,
      sendDate: validation.sendDateOutOfRange,
    });
    expect(rollRequestDateErrors({ ...request, startDate: '2027-01-01', receiveDate: '2027-01-01', sendDate: '2026-12-31' }, '2026-12-31')).toEqual({});
  });
});
