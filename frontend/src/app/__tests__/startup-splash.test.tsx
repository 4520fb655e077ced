import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SPLASH_DURATION_MS, SPLASH_FADE_MS } from '@/config/app';
import { StartupSplash } from '../startup-splash';

describe('start-up splash (000 §2.1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the taglines for about 2.5 s, then the app', async () => {
    render(
      <StartupSplash prepare={() => Promise.resolve()}>
        <p>the app</p>
      </StartupSplash>,
    );
    const splash = screen.getByTestId('splash');
    expect(splash).toHaveTextContent('Style. Swipe. Shop.');
    expect(splash).toHaveTextContent('Deliver in 60 minutes');
    expect(splash).toHaveTextContent('Powered by AI & Community Trends');

    await act(() => vi.advanceTimersByTimeAsync(SPLASH_DURATION_MS - 1));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Fading out: the app is live underneath already.
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SPLASH_FADE_MS));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(screen.getByText('the app')).toBeVisible();
  });

  it('waits for preparation that runs longer than the splash', async () => {
    let finish = () => {};
    const prepare = () => new Promise<void>((resolve) => (finish = resolve));
    render(
      <StartupSplash prepare={prepare}>
        <p>the app</p>
      </StartupSplash>,
    );
    await act(() => vi.advanceTimersByTimeAsync(SPLASH_DURATION_MS + SPLASH_FADE_MS + 1000));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    await act(() => vi.advanceTimersByTimeAsync(SPLASH_FADE_MS));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});
