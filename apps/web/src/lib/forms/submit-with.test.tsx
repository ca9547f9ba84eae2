import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { payloadResolver, schemaResolver } from './payload-resolver';
import { saidAtFields, submitWith } from './submit-with';

const refused = (errors: Record<string, string[]>) =>
  new ApiError(400, { type: 'about:blank', title: 'Ongeldige invoer', status: 400, errors });

/** A promise and the hands that settle it, so a test says when the server answers. */
function answerLater<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

type Step = 'credentials' | 'code';
const stepResolver = schemaResolver(({ step }: { step: Step }) =>
  step === 'code' ? z.object({ name: z.string(), pin: z.string().min(6, 'Zes cijfers') }) : z.object({ name: z.string(), pin: z.string() }),
);

describe('payloadResolver', () => {
  it('judges by the schema the form context picks, so the checks follow the step', async () => {
    const { result, rerender } = renderHook(({ step }: { step: Step }) => useForm({ defaultValues: { name: 'a', pin: '' }, resolver: stepResolver, context: { step } }), {
      initialProps: { step: 'credentials' },
    });
    await act(() => result.current.trigger());
    expect(result.current.formState.errors.pin).toBeUndefined();
    rerender({ step: 'code' });
    await act(() => result.current.trigger());
    expect(result.current.formState.errors.pin?.message).toBe('Zes cijfers');
  });

  it('makes the payload with what the context brings (the screen’s id), made once outside the render', async () => {
    const resolver = payloadResolver(z.object({ id: z.number(), text: z.string() }), (values: { text: string }, { id }: { id: number }) => ({ id, ...values }));
    const sent = vi.fn();
    const { result } = renderHook(() => useForm({ defaultValues: { text: 'hallo' }, resolver, context: { id: 7 } }));
    await act(() => result.current.handleSubmit(sent)());
    expect(sent.mock.calls[0]?.[0]).toEqual({ id: 7, text: 'hallo' });
  });
});

describe('submitWith', () => {
  const form = () => renderHook(() => useForm({ defaultValues: { subject: 'Vraag', text: '' } })).result;

  it('puts a 400’s messages under the fields they name, lower-cased and prefixed as the server may', async () => {
    const result = form();
    const submit = submitWith(result.current, { mutateAsync: () => Promise.reject(refused({ 'request.Text': ['Tekst is verplicht'] })) }, ['subject', 'text']);
    act(() => submit({ subject: 'Vraag', text: '' }));
    await waitFor(() => expect(result.current.formState.errors.text?.message).toBe('Tekst is verplicht'));
  });

  it('leaves the fields alone when the screen’s onError says it has answered the failure itself', async () => {
    const result = form();
    const answer = answerLater<void>();
    const onError = vi.fn(() => true);
    act(() => submitWith(result.current, { mutateAsync: () => answer.promise }, ['text'], { onError })({ subject: 'Vraag', text: '' }));
    await act(async () => answer.reject(refused({ text: ['Tekst is verplicht'] })));
    expect(onError).toHaveBeenCalledOnce();
    expect(result.current.formState.errors.text).toBeUndefined();
  });

  it('starts afresh with values made from what was sent, then runs what the screen does next with the answer', async () => {
    const result = form();
    const onSuccess = vi.fn();
    const submit = submitWith(result.current, { mutateAsync: () => Promise.resolve({ id: 3 }) }, ['text'], {
      resetTo: ({ subject }) => ({ subject, text: '' }),
      onSuccess,
    });
    act(() => result.current.setValue('subject', 'Over de levering'));
    act(() => submit({ subject: 'Over de levering', text: 'Wanneer?' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 3 }, { subject: 'Over de levering', text: 'Wanneer?' }));
    expect(result.current.getValues()).toEqual({ subject: 'Over de levering', text: '' });
  });

  it('keeps what was typed with resetTo false (the screen leaves)', async () => {
    const result = form();
    const onSuccess = vi.fn();
    act(() => result.current.setValue('text', 'Wanneer?'));
    act(() => submitWith(result.current, { mutateAsync: () => Promise.resolve() }, ['text'], { resetTo: false, onSuccess })({ subject: 'Vraag', text: 'Wanneer?' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(result.current.getValues('text')).toBe('Wanneer?');
  });

  it('still runs what follows a success once the form that sent it is gone (a status re-check swapped it)', async () => {
    const { result, unmount } = renderHook(() => useForm({ defaultValues: { text: '' } }));
    const answer = answerLater<void>();
    const onSuccess = vi.fn();
    act(() => submitWith(result.current, { mutateAsync: () => answer.promise }, ['text'], { onSuccess })({ text: 'x' }));
    unmount();
    await act(async () => answer.resolve());
    expect(onSuccess).toHaveBeenCalledOnce();
  });
});

describe('saidAtFields', () => {
  it('holds a 400 said at the fields only when every message names one of them, the payload’s or the form’s', () => {
    expect(saidAtFields(refused({ Title: ['Te lang'] }), ['title'])).toBe(true);
    expect(saidAtFields(refused({ FileTypes: ['Kies er een'] }), [], { FileTypes: 'fileTypes' })).toBe(true);
    expect(saidAtFields(refused({ title: ['Te lang'], id: ['Onbekend'] }), ['title'])).toBe(false);
    expect(saidAtFields(new ApiError(409, { type: 'about:blank', title: 'Bezet', status: 409 }), ['title'])).toBe(false);
  });
});
