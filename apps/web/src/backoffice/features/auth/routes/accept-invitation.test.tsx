import { backofficeAuthCalls as calls, validation } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { backofficePaths } from '../../../paths';
import AcceptInvitationRoute from './accept-invitation';

const pages = [{ path: backofficePaths.invitation.path, Component: AcceptInvitationRoute }];

describe('Uitnodiging aannemen', () => {
  it("sends the link's token with the chosen password, and says a refused password at its field", async () => {
    let first = true;
    const server = stubRoutes({
      [calls.acceptInvitation.path]: () => {
        if (first) {
          first = false;
          return jsonResponse({ type: 'about:blank', title: validation.commonPassword, status: 400, errors: { password: [validation.commonPassword] } }, 400);
        }
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(pages, `${backofficePaths.invitation.path}?token=link-token-1`);
    await user.type(await screen.findByLabelText(/^Nieuw wachtwoord/), 'Welkom2026x');
    await user.type(screen.getByLabelText(/^Herhaal nieuw wachtwoord/), 'Welkom2026x');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
    expect((await screen.findAllByText(validation.commonPassword)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
    expect(await screen.findByText(/Uw wachtwoord is ingesteld/)).toBeInTheDocument();
    expect(server.requests(calls.acceptInvitation.path).map((request) => request.body)).toEqual([
      { token: 'link-token-1', password: 'Welkom2026x', passwordRepeat: 'Welkom2026x' },
      { token: 'link-token-1', password: 'Welkom2026x', passwordRepeat: 'Welkom2026x' },
    ]);
  });
});
