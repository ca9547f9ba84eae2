import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { validation } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { FilterForm } from './filter-form';

type Filters = { client: string };
const none: Filters = { client: '' };

/** A screen whose address takes its time: what the form applies arrives when the test lets it. */
function SlowScreen({ pending }: { pending: Filters[] }) {
  const [applied, setApplied] = useState<Filters>({ client: 'APO-1001' });
  return (
    <>
      <FilterForm<Filters> label="Filters" fields={[{ name: 'client', label: 'Klant', type: 'text' }]} applied={applied} none={none} onApply={(values) => pending.push(values)} columns={{ xs: '1fr' }} />
      <button type="button" onClick={() => setApplied(pending.shift() ?? applied)}>
        adres bijwerken
      </button>
      <p>toegepast: {applied.client || '(geen)'}</p>
    </>
  );
}

describe('the filter form', () => {
  it('keeps what is typed after Wissen while the address still follows, and applies it', async () => {
    const pending: Filters[] = [];
    const user = userEvent.setup();
    render(<SlowScreen pending={pending} />);
    const client = screen.getByRole('textbox', { name: 'Klant' });
    expect(client).toHaveValue('APO-1001');

    await user.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(client).toHaveValue('');
    await user.type(client, 'bestaat-niet');
    // The address arrives at the clearing only now.
    await user.click(screen.getByRole('button', { name: 'adres bijwerken' }));
    expect(screen.getByText('toegepast: (geen)')).toBeInTheDocument();
    expect(client).toHaveValue('bestaat-niet');

    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(pending).toEqual([{ client: 'bestaat-niet' }]));
    await user.click(screen.getByRole('button', { name: 'adres bijwerken' }));
    expect(screen.getByText('toegepast: bestaat-niet')).toBeInTheDocument();
    expect(client).toHaveValue('bestaat-niet');
  });

  it('shows another address it did not apply itself (back or forward)', async () => {
    const pending: Filters[] = [{ client: 'ZRG-2001' }];
    const user = userEvent.setup();
    render(<SlowScreen pending={pending} />);
    await user.click(screen.getByRole('button', { name: 'adres bijwerken' }));
    expect(screen.getByRole('textbox', { name: 'Klant' })).toHaveValue('ZRG-2001');
  });

  it('holds a day as YYYY-MM-DD, says a date that is none once it is left, and applies nothing then', async () => {
    const applied: { from: string }[] = [];
    const user = userEvent.setup();
    render(<FilterForm<{ from: string }> label="Filters" fields={[{ name: 'from', label: 'Van', type: 'day' }]} applied={{ from: '2026-03-05' }} none={{ from: '' }} onApply={(values) => applied.push(values)} columns={{ xs: '1fr' }} />);
    // The date field comes as a chunk of its own.
    const from = await screen.findByRole('textbox', { name: 'Van' });
    expect(from).toHaveValue('05-03-2026');
    await user.clear(from);
    await user.type(from, '3112');
    // Still being typed: not yet said.
    expect(screen.queryByText(validation.invalidDate)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(validation.invalidDate)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    expect(applied).toEqual([]);

    await user.type(from, '2026');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(applied).toEqual([{ from: '2026-12-31' }]));
    expect(screen.queryByText(validation.invalidDate)).not.toBeInTheDocument();
  });
});
