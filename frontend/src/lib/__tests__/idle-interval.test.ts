import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyIntervalWhileIdle } from '../idle-interval';

describe('everyIntervalWhileIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ticks every interval, holds while pointed at or focused, and stops', () => {
    const element = document.createElement('div');
    const tick = vi.fn();
    const stop = everyIntervalWhileIdle(element, 1000, tick);
    vi.advanceTimersByTime(2000);
    expect(tick).toHaveBeenCalledTimes(2);

    element.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(3000);
    expect(tick).toHaveBeenCalledTimes(2);
    element.dispatchEvent(new Event('pointerleave'));
    element.dispatchEvent(new Event('focusin'));
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    element.dispatchEvent(new Event('focusout'));
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(3);

    stop();
    vi.advanceTimersByTime(5000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('holds while the tab is hidden', () => {
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const tick = vi.fn();
    const stop = everyIntervalWhileIdle(document.createElement('div'), 1000, tick);
    vi.advanceTimersByTime(3000);
    expect(tick).not.toHaveBeenCalled();
    hidden.mockReturnValue(false);
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledOnce();
    stop();
  });

  it('never ticks for people who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const tick = vi.fn();
    const stop = everyIntervalWhileIdle(document.createElement('div'), 1000, tick);
    vi.advanceTimersByTime(5000);
    expect(tick).not.toHaveBeenCalled();
    stop();
  });
});
