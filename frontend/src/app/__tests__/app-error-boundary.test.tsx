import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppErrorBoundary } from '../app-error-boundary';

function BrokenShell(): never {
  throw new Error('a bug in the header');
}

describe('AppErrorBoundary', () => {
  it('shows a reload page instead of a blank one when the shell throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <BrokenShell />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>the shop</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('the shop')).toBeInTheDocument();
  });
});
