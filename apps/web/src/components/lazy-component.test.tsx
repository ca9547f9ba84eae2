import Dialog from '@mui/material/Dialog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ComponentModule } from './lazy-component';
import { LazyDialogBody } from './lazy-dialog-body';

function Form({ name }: { name: string }) {
  return <p>Formulier van {name}</p>;
}

/** A chunk that cannot be fetched the first `failures` times (a dropped connection, a deploy in between). */
function flakyChunk(failures: number): ComponentModule<{ name: string }> & { asked: number } {
  const load = Object.assign(
    () => {
      load.asked += 1;
      return load.asked <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: Form });
    },
    { asked: 0 },
  );
  return load;
}

describe("a dialog whose form's code is fetched as it opens", () => {
  it('shows it loading, then the form with its props', async () => {
    const load = flakyChunk(0);
    render(
      <Dialog open>
        <LazyDialogBody load={load} props={{ name: 'Sanne' }} onClose={() => undefined} />
      </Dialog>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Formulier van Sanne')).toBeInTheDocument();
    expect(load.asked).toBe(1);
  });

  it('shows the form at once when the dialog opens again, without fetching it again', async () => {
    const load = flakyChunk(0);
    const dialog = () => (
      <Dialog open>
        <LazyDialogBody load={load} props={{ name: 'Sanne' }} onClose={() => undefined} />
      </Dialog>
    );
    const first = render(dialog());
    expect(await screen.findByText('Formulier van Sanne')).toBeInTheDocument();
    first.unmount();
    render(dialog());
    expect(screen.getByText('Formulier van Sanne')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load.asked).toBe(1);
  });

  it('says so when the code cannot be fetched, fetches it again on "Opnieuw proberen", and can be closed', async () => {
    const load = flakyChunk(1);
    let closed = 0;
    render(
      <Dialog open>
        <LazyDialogBody load={load} props={{ name: 'Sanne' }} onClose={() => (closed += 1)} />
      </Dialog>,
    );
    expect(await screen.findByText('Data ophalen mislukt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(closed).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Formulier van Sanne')).toBeInTheDocument();
    expect(load.asked).toBe(2);
  });
});
