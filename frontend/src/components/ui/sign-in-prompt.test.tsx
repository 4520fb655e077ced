import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { act, renderHook, renderWithProviders, screen } from '@/testing/test-utils';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { SignInPrompt } from './sign-in-prompt';

const REASON = 'Sign in to save products to your curated list.';

async function renderPrompt() {
  const view = renderWithProviders(
    <>
      <button type="button">Opener</button>
      <SignInPrompt />
    </>,
  );
  const { open } = renderHook(() => useSignInPromptActions()).result.current;
  screen.getByRole('button', { name: 'Opener' }).focus();
  act(() => open(REASON));
  // The login steps' code loads when the sheet first opens.
  await screen.findByRole('textbox', { name: 'Email address' });
  return view;
}

describe('sign-in sheet', () => {
  it('opens as a titled modal with the reason, the e-mail field focused', async () => {
    await renderPrompt();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(REASON);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    await renderPrompt();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });

  it('closes on its close button and on the backdrop', async () => {
    const user = userEvent.setup();
    await renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const { open } = renderHook(() => useSignInPromptActions()).result.current;
    act(() => open(REASON));
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the sheet', async () => {
    const user = userEvent.setup();
    await renderPrompt();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    const close = screen.getByRole('button', { name: 'Close' });
    // Continue is disabled until the address is valid, so the e-mail field is the last stop.
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(email).toHaveFocus();
  });
});
