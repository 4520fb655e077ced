import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';
import { signInAs } from '@/features/admin-console/components/__tests__/admin-mocks';
import { application, applicationsState } from './applications-mocks';

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.type(field, value);
  }
}

const VALID = {
  'Brand name': 'Kora Studio',
  'Your name': 'Asha Rao',
  'Contact e-mail': 'asha@kora.in',
  'Mobile number': '9876543210',
  GSTIN: '27AAPFU0939F1ZV',
  PAN: 'AAPFU0939F',
  'Bank account number': '501001234567',
  IFSC: 'HDFC0001234',
  'Pickup address': '12 Mint Road',
  'Pickup pincode': '400001',
  'Return policy': '7 days',
  'Shipping policy': '2 days',
};

describe('Open your brand on Casa', () => {
  it('checks the identifiers as typed, shows the server field errors, then the status', async () => {
    const user = userEvent.setup();
    const { state, handlers } = applicationsState();
    server.use(...handlers);
    signInAs(0);
    renderApp('/open-your-brand');
    await user.type(await screen.findByLabelText('GSTIN'), '27AAPFU0939F1ZW');
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      "The GSTIN's last character does not match the rest: check it for a typo.",
    );
    await fill(user, VALID);
    expect(screen.getByLabelText('GSTIN')).not.toHaveAccessibleDescription(/typo/);
    await fill(user, { PAN: 'AAGCB7383J' });
    expect(screen.getByLabelText('PAN')).toHaveAccessibleDescription(
      "The PAN must be the GSTIN's characters 3 to 12 (AAPFU0939F).",
    );
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(state.sent).toHaveLength(0);
    await fill(user, { PAN: 'AAPFU0939F' });

    state.refuseWith = { pickupPincode: 'We could not find this pincode. Check it and try again.' };
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Pickup pincode')).toHaveAccessibleDescription(
        'We could not find this pincode. Check it and try again.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Your application is being reviewed' })).toBeInTheDocument();
    expect(state.sent[1]).toMatchObject({ gstin: '27AAPFU0939F1ZV', bankAccount: '501001234567' });
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it('shows a rejection with its reason and lets the shopper apply again', async () => {
    server.use(
      ...applicationsState([application({ status: 'rejected', reason: 'GSTIN cancelled' })]).handlers,
    );
    signInAs(0);
    renderApp('/open-your-brand');
    expect(await screen.findByText('The reason: GSTIN cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument();
  });

  it('is not offered to brand teams', async () => {
    signInAs(1);
    renderApp('/open-your-brand');
    expect(await screen.findByText('Your account already works for Casa')).toBeInTheDocument();
  });
});
