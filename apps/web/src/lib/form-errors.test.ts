import { feedback } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyProblemToForm, failureMessage, matchProblemErrors } from './form-errors';

const problem = (status: number, errors?: Record<string, string[]>) =>
  new ApiError(status, { type: 'about:blank', title: 'x', status, errors });

describe('matchProblemErrors', () => {
  const fields = ['emailAddress', 'password', 'imperfectionLocation', 'orderRows.0.amount'] as const;

  it('matches keys case-insensitively', () => {
    expect(matchProblemErrors({ EmailAddress: ['E-mailadres is verplicht'], PASSWORD: ['Wachtwoord is verplicht'] }, fields)).toEqual({
      fields: { emailAddress: ['E-mailadres is verplicht'], password: ['Wachtwoord is verplicht'] },
      unmatched: [],
    });
  });

  it('tolerates a leading prefix such as request. or $.', () => {
    const { fields: matched } = matchProblemErrors(
      { 'request.ImperfectionLocation': ['Ontdekker is verplicht'], '$.password': ['Wachtwoord is verplicht'] },
      fields,
    );
    expect(matched).toEqual({ imperfectionLocation: ['Ontdekker is verplicht'], password: ['Wachtwoord is verplicht'] });
  });

  it('maps indexed keys onto react-hook-form paths', () => {
    expect(matchProblemErrors({ 'request.OrderRows[0].Amount': ['Maximaal 999'] }, fields).fields).toEqual({
      'orderRows.0.amount': ['Maximaal 999'],
    });
  });

  it('gathers the messages of one field and keeps what matches no field apart', () => {
    expect(matchProblemErrors({ password: ['a'], Password: ['b'], somethingElse: ['c'], '': ['d'] }, fields)).toEqual({
      fields: { password: ['a', 'b'] },
      unmatched: ['c', 'd'],
    });
    expect(matchProblemErrors(undefined, fields)).toEqual({ fields: {}, unmatched: [] });
  });
});

describe('applyProblemToForm', () => {
  it('sets the messages of a 400 on the fields of the form', () => {
    const setError = vi.fn();
    applyProblemToForm(problem(400, { 'request.EmailAddress': ['E-mailadres is verplicht', 'Ongeldig e-mailadres'] }), setError, [
      'emailAddress',
      'password',
    ]);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('emailAddress', {
      type: 'server',
      message: 'E-mailadres is verplicht Ongeldig e-mailadres',
    });
  });

  it('shows a payload field under the form field that holds it, once, and can focus the first', () => {
    const setError = vi.fn();
    applyProblemToForm(
      problem(400, { patientId: ['Patient is verplicht'], imageGuid: ['Bestandstype is niet toegestaan'], drugName: ['x'] }),
      setError,
      ['patient', 'photo'],
      { fieldOf: { patientId: 'patient', imageGuid: 'photo' }, focusFirst: true },
    );
    expect(setError.mock.calls).toEqual([
      ['patient', { type: 'server', message: 'Patient is verplicht' }, { shouldFocus: true }],
      ['photo', { type: 'server', message: 'Bestandstype is niet toegestaan' }],
    ]);
  });

  it('leaves the form alone for other failures', () => {
    const setError = vi.fn();
    applyProblemToForm(problem(500, { emailAddress: ['x'] }), setError, ['emailAddress']);
    applyProblemToForm(new TypeError('Failed to fetch'), setError, ['emailAddress']);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('failureMessage', () => {
  it('is the screen’s own message, or the slow-down message on a 429', () => {
    expect(failureMessage(problem(401), feedback.loginFailed)).toBe(feedback.loginFailed);
    expect(failureMessage(new TypeError('offline'), feedback.loginFailed)).toBe(feedback.loginFailed);
    expect(failureMessage(problem(429), feedback.loginFailed)).toBe(feedback.tooManyRequests);
  });

  it('adds that the service is back soon on a 503 (a database that stalls or restarts)', () => {
    expect(failureMessage(problem(503), feedback.faqQuestionFailed)).toBe(`${feedback.faqQuestionFailed} ${feedback.serviceUnavailable}`);
  });
});
