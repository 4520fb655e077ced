import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/testing/test-utils';
import { Modal, ModalHeader } from '../modal';

function Opener({ variant }: { variant: 'sheet' | 'dialog' }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal variant={variant} onClose={close} labelledBy={titleId}>
          <ModalHeader titleId={titleId} title="Choices" onClose={close} />
          <button type="button">First choice</button>
          <button type="button" disabled>
            Not now
          </button>
          <button type="button">Last choice</button>
        </Modal>
      )}
    </>
  );
}

async function openModal(variant: 'sheet' | 'dialog' = 'sheet') {
  const user = userEvent.setup();
  render(<Opener variant={variant} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Modal', () => {
  it('opens as a modal dialog named by its title, holding focus itself', async () => {
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Choices' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('wraps Tab and Shift+Tab at its edges, past disabled controls', async () => {
    const user = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last choice' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('closes on Escape, Close and the backdrop, handing focus back to the opener', async () => {
    const user = await openModal('dialog');
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
