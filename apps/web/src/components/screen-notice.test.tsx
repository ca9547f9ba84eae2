import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenNotice, useNotice } from './screen-notice';

let showNext: (text: string) => void = () => undefined;

function Screen() {
  const notice = useNotice<string>();
  showNext = notice.show;
  return (
    <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
      {notice.value}
    </ScreenNotice>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a notice at the bottom of the screen', () => {
  it('gives a second outcome the whole time to be read, also when the first is still shown', () => {
    render(<Screen />);
    act(() => showNext('Medewerker toegevoegd.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Medewerker toegevoegd.');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    act(() => showNext('Uitnodiging opnieuw verstuurd.'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    // 10 s after the first, 5 s after the second: the second is still there to read
    expect(screen.getByRole('alert')).toHaveTextContent('Uitnodiging opnieuw verstuurd.');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while the pointer or the focus is on it, and closes with Escape', () => {
    render(<Screen />);
    act(() => showNext('Medewerker toegevoegd.'));
    const notice = screen.getByRole('alert');
    fireEvent.pointerEnter(notice.parentElement!);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.pointerLeave(notice.parentElement!);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    // Its whole time again once the pointer has left.
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
