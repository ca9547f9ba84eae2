import { feedback } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { StubRequest } from './fetch-stub';

interface Server {
  requests(path?: string): StubRequest[];
}

/** Waits for each text in turn (the messages of a form after a submit, say), within `scope` or the whole page. */
export async function expectTexts(texts: readonly string[], scope: HTMLElement = document.body): Promise<void> {
  for (const text of texts) expect(await findFieldMessage(text, scope)).toBeInTheDocument();
}

const outsideSummary = (elements: HTMLElement[]) => elements.filter((element) => !element.closest('[data-testid="error-summary"]'));

/** The message under a field, now (see `findFieldMessage`). */
export function getFieldMessage(text: string | RegExp): HTMLElement {
  const outside = outsideSummary(screen.getAllByText(text));
  expect(outside).toHaveLength(1);
  return outside[0]!;
}

/** The message under a field, or null when no field shows it. */
export function queryFieldMessage(text: string | RegExp): HTMLElement | null {
  return outsideSummary(screen.queryAllByText(text))[0] ?? null;
}

/**
 * The message under a field: the one element with the text outside the form's error summary (which repeats
 * every message as a link to its field).
 */
export async function findFieldMessage(text: string, scope: HTMLElement = document.body): Promise<HTMLElement> {
  return waitFor(() => {
    const outside = within(scope)
      .getAllByText(text)
      .filter((element) => !element.closest('[data-testid="error-summary"]'));
    expect(outside).toHaveLength(1);
    return outside[0]!;
  });
}

/** Submits the form and waits for each of its messages (the spec's, in its order); nothing may reach `path`. */
export async function expectRefused(user: UserEvent, submit: HTMLElement, server: Server, path: string, messages: readonly string[]) {
  await user.click(submit);
  await expectTexts(messages);
  expect(server.requests(path)).toHaveLength(0);
}

/** Waits for the form's outcome in the screen's words, then checks the one body the server got at `path`. */
export async function expectSubmitted(
  server: Server,
  path: string,
  outcome: string,
  body: unknown,
  { receipt: withReceipt = true }: { receipt?: boolean } = {},
): Promise<void> {
  expect(await screen.findByText(outcome)).toBeInTheDocument();
  expect(server.requests(path)[0]?.body).toEqual(body);
  if (!withReceipt) return;
  // The receipt: the reference to quote and what happens next, with the focus on it.
  const receipt = screen.getByTestId('submission-receipt');
  expect(receipt).toHaveTextContent(outcome);
  expect(receipt).toHaveTextContent(/Uw referentienummer is (AAN|MEL)-\d{4}-\d{6}\./);
  expect(within(receipt).getByRole('link', { name: 'Mijn aanvragen en meldingen' })).toHaveAttribute('href', '/mijn-aanvragen');
  await waitFor(() => expect(receipt).toHaveFocus());
}

/**
 * Waits for the alert of a failed fetch and checks it says `message`; then brings the server back and clicks the
 * alert's "Opnieuw proberen". Returns the alert, for what a test checks further.
 */
export async function retryAfterFailure(user: UserEvent, server: { end(): void }, message: string = feedback.serverError) {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(message);
  server.end();
  await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
  return alert;
}
