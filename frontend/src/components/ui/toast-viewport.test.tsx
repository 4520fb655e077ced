import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import { useToastActions } from '@/stores/toasts';
import { ToastViewport } from './toast-viewport';

describe('toasts (000 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function showToasts(count: number) {
    const { result } = renderHook(() => useToastActions());
    act(() => {
      for (let n = 1; n <= count; n += 1) {
        result.current.toastShown({ type: 'info', message: `Toast ${n}` });
      }
    });
  }

  it('keeps at most 20, dropping the oldest', () => {
    render(<ToastViewport />);
    showToasts(25);
    const list = screen.getByRole('region', { name: 'Notifications' });
    const items = within(list).getAllByRole('status');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Toast 6');
    expect(items[19]).toHaveTextContent('Toast 25');
    expect(screen.queryByText('Toast 5')).not.toBeInTheDocument();
  });

  it('vanishes after 2 seconds', () => {
    render(<ToastViewport />);
    showToasts(3);
    expect(screen.getAllByRole('status')).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getAllByRole('status')).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('colours by type and announces errors as alerts', () => {
    render(<ToastViewport />);
    const { result } = renderHook(() => useToastActions());
    act(() => {
      result.current.toastShown({ type: 'success', message: 'Added to wishlist' });
      result.current.toastShown({ type: 'error', message: 'Failed to update wishlist' });
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-type', 'success');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update wishlist');
  });

  it('can be dismissed early', () => {
    render(<ToastViewport />);
    showToasts(1);
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
  });
});
