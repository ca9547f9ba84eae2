import { validation } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changeRollDate, clearedRollDates, rollDateErrors, rollDateLimits, todayInAmsterdam, type RollRequestDates } from './roll-request-dates';

const empty: RollRequestDates = { startDate: null, receiveDate: null, sendDate: null };
const chosen: RollRequestDates = { startDate: '2026-07-20', receiveDate: '2026-07-18', sendDate: '2026-07-16' };

describe('today for the roll request', () => {
  it('is the calendar day in Amsterdam, not on the device or in UTC', () => {
    // 23:30 UTC is already the next day in Amsterdam (CEST, UTC+2 in summer; CET, UTC+1 in winter).
    expect(todayInAmsterdam(new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(todayInAmsterdam(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(todayInAmsterdam(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(todayInAmsterdam(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    // The night the clocks go forward (29 March 2026, 02:00 CET becomes 03:00 CEST).
    expect(todayInAmsterdam(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
  });
});

describe('the limits of the roll request dates', () => {
  const today = '2026-07-15';

  it('starts no earlier than today and delivers from tomorrow on, with nothing chosen yet', () => {
    expect(rollDateLimits(today, empty)).toEqual({
      startDate: { min: '2026-07-15' },
      receiveDate: { min: '2026-07-16', max: undefined },
      sendDate: { min: '2026-07-15', max: undefined },
    });
  });

  it('delivers no later than the start date and sends before the delivery date', () => {
    expect(rollDateLimits(today, chosen)).toEqual({
      startDate: { min: '2026-07-15' },
      receiveDate: { min: '2026-07-16', max: '2026-07-20' },
      sendDate: { min: '2026-07-15', max: '2026-07-17' },
    });
  });

  it('sends before the start date while no delivery date is chosen', () => {
    expect(rollDateLimits(today, { ...empty, startDate: '2026-07-20' }).sendDate).toEqual({ min: '2026-07-15', max: '2026-07-19' });
  });

  it('limits across a month and a year end', () => {
    const limits = rollDateLimits('2026-12-31', { startDate: '2027-01-02', receiveDate: '2027-01-01', sendDate: null });
    expect(limits.receiveDate).toEqual({ min: '2027-01-01', max: '2027-01-02' });
    expect(limits.sendDate).toEqual({ min: '2026-12-31', max: '2026-12-31' });
  });
});

describe('changing a roll request date', () => {
  it('clears a delivery date later than a new, earlier start date', () => {
    const next = changeRollDate(chosen, 'startDate', '2026-07-17');
    expect(next).toEqual({ startDate: '2026-07-17', receiveDate: null, sendDate: '2026-07-16' });
    expect(clearedRollDates(chosen, next)).toEqual(['receiveDate']);
  });

  it('keeps a delivery date on the start date itself', () => {
    expect(changeRollDate(chosen, 'startDate', '2026-07-18')).toEqual({ ...chosen, startDate: '2026-07-18' });
  });

  it('clears a send date on or after the start date', () => {
    const dates = { startDate: '2026-07-20', receiveDate: null, sendDate: '2026-07-18' };
    expect(changeRollDate(dates, 'startDate', '2026-07-18')).toEqual({ startDate: '2026-07-18', receiveDate: null, sendDate: null });
    expect(changeRollDate(dates, 'startDate', '2026-07-19').sendDate).toBe('2026-07-18');
  });

  it('clears a send date on or after a new delivery date', () => {
    expect(changeRollDate(chosen, 'receiveDate', '2026-07-16')).toEqual({ ...chosen, receiveDate: '2026-07-16', sendDate: null });
    expect(changeRollDate(chosen, 'receiveDate', '2026-07-17')).toEqual({ ...chosen, receiveDate: '2026-07-17' });
  });

  it('clears both when a new start date is before both', () => {
    const next = changeRollDate(chosen, 'startDate', '2026-07-16');
    expect(next).toEqual({ startDate: '2026-07-16', receiveDate: null, sendDate: null });
    expect(clearedRollDates(chosen, next)).toEqual(['receiveDate', 'sendDate']);
  });

  it('clears nothing when the start date moves later', () => {
    expect(changeRollDate(chosen, 'startDate', '2026-08-01')).toEqual({ ...chosen, startDate: '2026-08-01' });
  });

  it('clears nothing when the start date is emptied', () => {
    expect(changeRollDate(chosen, 'startDate', null)).toEqual({ ...chosen, startDate: null });
  });
});

describe('messages for dates outside their limits', () => {
  const today = '2026-07-15';

  it('accepts dates inside every limit', () => {
    expect(rollDateErrors({ ...chosen, amountOfDays: 14 }, today)).toEqual({});
  });

  it('refuses a start date in the past, a delivery today and a send date yesterday', () => {
    expect(rollDateErrors({ startDate: '2026-07-14', receiveDate: '2026-07-15', sendDate: '2026-07-14' }, today)).toEqual({
      startDate: validation.startDateBeforeToday,
      receiveDate: validation.receiveDateOutOfRange,
      sendDate: validation.sendDateOutOfRange,
    });
  });

  it('refuses rolls reaching beyond 12 weeks after the send date', () => {
    expect(rollDateErrors({ ...chosen, amountOfDays: 81 }, today)).toEqual({});
    expect(rollDateErrors({ ...chosen, amountOfDays: 82 }, today)).toEqual({ amountOfDays: validation.rollPeriodBeyondTwelveWeeks });
  });
});
