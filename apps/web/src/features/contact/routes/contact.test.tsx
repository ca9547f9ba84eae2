import { feedback } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import ContactRoute from './contact';

const renderContact = () => {
  logIn();
  return renderRoutes([{ path: '/contact', Component: ContactRoute }], '/contact');
};

describe('the contact page', () => {
  it('shows the contact text as written', async () => {
    stubFetch(() => jsonResponse({ text: 'Klantenservice\nTelefoon 088 123 45 67\nservice@example.nl' }));
    renderContact();
    const text = await screen.findByText(/Klantenservice/);
    expect(text.textContent).toBe('Klantenservice\nTelefoon 088 123 45 67\nservice@example.nl');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('says when the text cannot be fetched', async () => {
    stubFetch(() => problemResponse(503));
    renderContact();
    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.serverError);
  });
});
