import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import {
  application,
  applicationsState,
} from '@/features/brand-applications/components/__tests__/applications-mocks';
import { signInAs } from './admin-mocks';

describe('Admin console: brand applications', () => {
  it('approves a pending application after a confirmation', async () => {
    const user = userEvent.setup();
    const { state, handlers } = applicationsState([application()]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/applications');
    await user.click(await screen.findByRole('button', { name: 'Review Kora Studio' }));
    const dialog = screen.getByRole('dialog', { name: 'Kora Studio' });
    expect(within(dialog).getByText('XXXXXXXX4567')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = screen.getByRole('dialog', { name: 'Approve Kora Studio?' });
    expect(state.decisions).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(state.decisions).toEqual([{ id: 'app1', verb: 'approve', body: null }]));
    expect(await screen.findByText('Kora Studio is open: the applicant now runs it.')).toBeInTheDocument();
  });

  it('rejects with a reason, which is required', async () => {
    const user = userEvent.setup();
    const { state, handlers } = applicationsState([application()]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/applications');
    await user.click(await screen.findByRole('button', { name: 'Review Kora Studio' }));
    const dialog = screen.getByRole('dialog', { name: 'Kora Studio' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason (mailed to the applicant)')).toHaveAccessibleDescription('Required');
    await user.type(within(dialog).getByLabelText('Reason (mailed to the applicant)'), 'GSTIN cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(state.decisions).toEqual([{ id: 'app1', verb: 'reject', body: { reason: 'GSTIN cancelled' } }]),
    );
  });

  it('is listed among the admin sections', async () => {
    signInAs(2);
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Applications' })).toBeInTheDocument();
  });
});
