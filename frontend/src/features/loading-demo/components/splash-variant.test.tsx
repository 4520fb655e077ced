import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SplashVariant } from './splash-variant';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('SplashVariant (000 §2.1)', () => {
  it('steps through its phases at 0, 800, 1600 and 2400 ms, fades, and ends at 3000 ms', async () => {
    vi.useFakeTimers();
    reduceMotion(false);
    const onDone = vi.fn();
    render(<SplashVariant onDone={onDone} />);
    const splash = screen.getByRole('status', { name: 'Casa splash' });
    expect(splash).toHaveAttribute('data-phase', '0');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(splash).toHaveAttribute('data-phase', '1');
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(splash).toHaveAttribute('data-phase', '2');
    expect(splash.className).not.toMatch(/fading/);
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(splash).toHaveAttribute('data-phase', '3');
    expect(splash.className).toMatch(/fading/);
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('with reduced motion shows every line at once, never fades, and keeps its 3000 ms', async () => {
    vi.useFakeTimers();
    reduceMotion(true);
    const onDone = vi.fn();
    render(<SplashVariant onDone={onDone} />);
    const splash = screen.getByRole('status', { name: 'Casa splash' });
    expect(splash).toHaveAttribute('data-phase', '3');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(splash.className).not.toMatch(/fading/);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
