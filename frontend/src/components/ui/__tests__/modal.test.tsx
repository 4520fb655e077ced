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

  it('with a dialog over a sheet, Escape closes only the dialog and focus goes back into the sheet', async () => {
    function Nested() {
      const [sheet, setSheet] = useState(true);
      const [dialog, setDialog] = useState(false);
      return sheet ? (
        <Modal variant="sheet" onClose={() => setSheet(false)} labelledBy="sheet-title">
          <h2 id="sheet-title">Sheet</h2>
          <button type="button" onClick={() => setDialog(true)}>
            Ask
          </button>
          {dialog && (
            <Modal variant="dialog" onClose={() => setDialog(false)} labelledBy="dialog-title">
              <h2 id="dialog-title">Question</h2>
              <button type="button">Yes</button>
            </Modal>
          )}
        </Modal>
      ) : null;
    }
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('dialog', { name: 'Question' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Question' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sheet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveFocus();
  });
});
