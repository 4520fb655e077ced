import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { SectionHeader } from './section-header';
import { EmptyState, ErrorState } from './state-panel';

describe('empty and error states (000 §8)', () => {
  it('shows the empty title, hint and a way on', () => {
    renderWithProviders(
      <EmptyState
        title="No deals found"
        hint="Try a different discount."
        action={{ label: 'Back to Home', to: '/home' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No deals found' })).toBeInTheDocument();
    expect(screen.getByText('Try a different discount.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });

  it('announces an error and retries', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderWithProviders(
      <ErrorState
        message="Failed to load deals. Please try again."
        onRetry={retry}
        retryLabel="Retry"
        action={{ label: 'Back to Explore', to: '/' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load deals. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/');
  });
});

describe('SectionHeader', () => {
  it("titles a section and describes its 'View All' link by the title", () => {
    renderWithProviders(
      <SectionHeader
        id="cats"
        title="Categories"
        link={{ label: 'View All', to: '/collection' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Categories' })).toHaveAttribute('id', 'cats');
    const link = screen.getByRole('link', { name: 'View All' });
    expect(link).toHaveAttribute('href', '/collection');
    expect(link).toHaveAccessibleDescription('Categories');
  });
});
