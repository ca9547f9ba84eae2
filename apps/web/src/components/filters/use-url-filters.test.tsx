import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render-routes';
import { useAddressParams } from './use-url-filters';

describe('useAddressParams', () => {
  it("changes the address as it is, also when called from a render the router has since left behind (a held-back transition's screen)", async () => {
    const updates: ReturnType<typeof useAddressParams>[1][] = [];
    function Screen() {
      const [params, update] = useAddressParams();
      updates.push(update);
      return <p>adres: {params.toString()}</p>;
    }
    const { router } = renderRoutes([{ path: '/inbox', Component: Screen }], '/inbox');
    const first = updates[0]!;
    act(() => first((previous) => new URLSearchParams([...previous, ['status', 'Archived']])));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Archived'));
    // The first render's update, as a search box of a screen not yet rendered again would call it.
    act(() => first((previous) => new URLSearchParams([...previous, ['q', 'AAN-2026-000001']])));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Archived&q=AAN-2026-000001'));
    expect(await screen.findByText('adres: status=Archived&q=AAN-2026-000001')).toBeInTheDocument();
  });
});
