import { calls, feedback, validation, type FaqItem } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, stubOutage, stubRoutes } from '@/testing/fetch-stub';
import { retryAfterFailure } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import FaqRoute from './faq';

const items: FaqItem[] = [
  {
    faqItemId: 1,
    title: 'Wanneer wordt mijn bestelling geleverd?',
    content:
      '<p>Volgens uw <a href="https://www.example.nl/levering">leveringsafspraken</a>.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true"><p onclick="window.hacked = true">Bel bij spoed.</p>',
  },
  { faqItemId: 2, title: 'Hoe vraag ik een foto aan?', content: '<p>Via <strong>Foto aanvragen</strong>.</p>' },
];

function stubFaqServer(askQuestion: () => Response = () => jsonResponse({ submissionId: 7, reference: 'AAN-2026-000007' })) {
  return stubRoutes({ [calls.faq.getFaqItems.path]: () => jsonResponse(items), [calls.forms.askNonFaqQuestion.path]: askQuestion });
}

const renderFaq = () => openRoute(FaqRoute, '/faq');

const questionCard = () => screen.getByRole('region', { name: 'Staat uw vraag er niet bij?' });
const questionField = () => within(questionCard()).getByRole('textbox', { name: /^Uw vraag/ });
const sendButton = () => within(questionCard()).getByRole('button', { name: 'Vraag versturen' });

describe('the FAQ page', () => {
  it('shows the items as panels that open on their title', async () => {
    stubFaqServer();
    const { user } = renderFaq();

    const title = await screen.findByRole('button', { name: 'Hoe vraag ik een foto aan?' });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    await user.click(title);
    expect(title).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'Hoe vraag ik een foto aan?' });
    expect(within(answer).getByText('Foto aanvragen').tagName).toBe('STRONG');
  });

  it('never lets a script or an event handler of the content into the page', async () => {
    stubFaqServer();
    const { user, container } = renderFaq();

    await user.click(await screen.findByRole('button', { name: 'Wanneer wordt mijn bestelling geleverd?' }));
    const answer = screen.getByRole('region', { name: 'Wanneer wordt mijn bestelling geleverd?' });
    expect(within(answer).getByText('Bel bij spoed.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    const link = within(answer).getByRole('link', { name: 'leveringsafspraken' });
    expect(link).toHaveAttribute('href', 'https://www.example.nl/levering');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('requires a question, sends it and empties the box', async () => {
    const server = stubFaqServer();
    const { user } = renderFaq();
    await screen.findByRole('button', { name: 'Hoe vraag ik een foto aan?' });

    await user.click(sendButton());
    expect(await within(questionCard()).findByText(validation.required)).toBeInTheDocument();
    await user.type(questionField(), '   ');
    await user.click(sendButton());
    expect(within(questionCard()).getByText(validation.required)).toBeInTheDocument();
    expect(server.requests(calls.forms.askNonFaqQuestion.path)).toHaveLength(0);

    await user.clear(questionField());
    await user.type(questionField(), 'Kan ik de leverdag van afdeling Noord wijzigen?');
    await user.click(sendButton());

    expect(await within(questionCard()).findByText(feedback.faqQuestionSucceeded)).toBeInTheDocument();
    expect(server.requests(calls.forms.askNonFaqQuestion.path)[0]?.body).toEqual({
      question: 'Kan ik de leverdag van afdeling Noord wijzigen?',
    });
    expect(questionField()).toHaveValue('');
    expect(within(questionCard()).queryByText(validation.required)).not.toBeInTheDocument();
  });

  it('says so when the question could not be sent, and keeps it', async () => {
    stubFaqServer(() => problemResponse(500));
    const { user } = renderFaq();
    await screen.findByRole('button', { name: 'Hoe vraag ik een foto aan?' });

    await user.type(questionField(), 'Waar vind ik mijn facturen?');
    await user.click(sendButton());

    expect(await within(questionCard()).findByText(feedback.faqQuestionFailed)).toBeInTheDocument();
    expect(questionField()).toHaveValue('Waar vind ik mijn facturen?');
  });

  it('offers to try again when the items cannot be fetched', async () => {
    const server = stubOutage(() => jsonResponse(items));
    const { user } = renderFaq();

    await retryAfterFailure(user, server);
    expect(await screen.findByRole('button', { name: 'Hoe vraag ik een foto aan?' })).toBeInTheDocument();
  });
});

describe('the FAQ against a server of the spec (not ours)', () => {
  it('shows items that carry only a title and content', async () => {
    stubFetch(() => jsonResponse(items.map(({ title, content }) => ({ title, content }))));
    const { user } = renderFaq();
    const second = await screen.findByRole('button', { name: 'Hoe vraag ik een foto aan?' });
    await user.click(second);
    expect(await screen.findByRole('region', { name: 'Hoe vraag ik een foto aan?' })).toHaveTextContent('Via Foto aanvragen.');
  });
});
