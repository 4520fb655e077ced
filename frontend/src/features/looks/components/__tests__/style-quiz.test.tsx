import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { act, fireEvent, renderApp, screen, waitFor } from '@/testing/test-utils';

const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });

afterEach(() => {
  vi.useRealTimers();
});

async function answer(user: ReturnType<typeof userEvent.setup>, ...options: string[]) {
  for (const option of options) {
    await user.click(screen.getByRole('radio', { name: option }));
    await user.click(next());
  }
}

describe('Style quiz (001 §2, §4)', () => {
  it('asks one question at a time with its progress', async () => {
    renderApp('/style-quiz');
    expect(await screen.findByText('Question 1 of 4')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Quiz progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuemax', '4');
    const question = screen.getByRole('group', { name: 'Where are you headed most days?' });
    expect(question).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });

  it('keeps Next disabled until an option is chosen, and Previous on the first question', async () => {
    const user = userEvent.setup();
    renderApp('/style-quiz');
    await screen.findByText('Question 1 of 4');
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Brunch and weekend plans' }));
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();

    await user.click(previous());
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Brunch and weekend plans' })).toBeChecked();
  });

  it("says 'Get Results' on the last question", async () => {
    const user = userEvent.setup();
    renderApp('/style-quiz');
    await screen.findByText('Question 1 of 4');
    await answer(user, 'Brunch and weekend plans', 'Relaxed and comfortable');
    await user.click(screen.getByRole('radio', { name: 'Earthy tones and washed denim' }));
    await user.click(next());
    expect(screen.getByText('Question 4 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Results' })).toBeDisabled();
  });

  it('shows the last answer’s look, then after 3 s goes to the vote winner, earlier look on a tie', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/style-quiz');
    await screen.findByText('Question 1 of 4');
    // Two votes for Smart Casual, two for Streetwear King: the earlier look, Smart Casual, wins.
    await answer(
      user,
      'Office meetings and dinners out',
      'Tailored and sharp',
      'All black with a loud accent',
    );
    await user.click(screen.getByRole('radio', { name: 'Chunky sneakers and a chain' }));

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Get Results' }));
    expect(screen.getByRole('heading', { name: 'Streetwear King' })).toBeInTheDocument();
    expect(
      screen.getByText('Bold, oversized and loud: graphic tees, cargos and statement hoodies.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Redirecting you to your perfect look...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(router.state.location.pathname).toBe('/style-quiz');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection'));
    expect(router.state.location.search).toBe('?style=smart-casual');
  });

  it('sends a clear winner to its look', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/style-quiz');
    await screen.findByText('Question 1 of 4');
    await answer(
      user,
      'Gigs and late-night food runs',
      'Oversized and bold',
      'Bright graphics and prints',
    );
    await user.click(screen.getByRole('radio', { name: 'A leather-strap watch' }));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Get Results' }));
    expect(screen.getByRole('heading', { name: 'Smart Casual' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.search).toBe('?style=streetwear-king'));
  });
});
