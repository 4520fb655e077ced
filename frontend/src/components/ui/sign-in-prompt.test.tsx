import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { act, renderHook, renderWithProviders, screen } from '@/testing/test-utils';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { SignInPrompt } from './sign-in-prompt';

const REASON = 'Sign in to save products to your curated list.';

function renderPrompt() {
  const view = renderWithProviders(
    <>
      <button type="button">Opener</button>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/profile" element={<p>Profile screen</p>} />
      </Routes>
      <SignInPrompt />
    </>,
  );
  const { open } = renderHook(() => useSignInPromptActions()).result.current;
  screen.getByRole('button', { name: 'Opener' }).focus();
  act(() => open(REASON));
  return view;
}

describe('sign-in prompt', () => {
  it('opens as a titled sheet with the reason, and takes focus', () => {
    renderPrompt();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(REASON);
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderPrompt();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });

  it("closes on 'Not now' and on the backdrop", async () => {
    const user = userEvent.setup();
    renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const { open } = renderHook(() => useSignInPromptActions()).result.current;
    act(() => open(REASON));
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the sheet', async () => {
    const user = userEvent.setup();
    renderPrompt();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Not now' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Not now' })).toHaveFocus();
  });

  it("'Sign In' goes to the profile and closes the sheet", async () => {
    const user = userEvent.setup();
    renderPrompt();
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(screen.getByText('Profile screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
