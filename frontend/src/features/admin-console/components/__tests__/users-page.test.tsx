import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { adminUser, signInAs, usersState } from './admin-mocks';

const people = () => [
  adminUser({ _id: 'root', email: 'root@shop.in', display_name: 'Root', role: 2 }),
  adminUser(),
];

describe('Admin console: users and roles', () => {
  it('finds users and makes one the team of a brand', async () => {
    const user = userEvent.setup();
    const { state, handlers } = usersState(people());
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('rowheader', { name: 'root@shop.in' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), 'ravi');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'root@shop.in' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Change role of ravi@example.in' }));
    const dialog = screen.getByRole('dialog', { name: 'Change role of ravi@example.in' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Brand team');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(within(dialog).getByLabelText('Brand')).toHaveAccessibleDescription(
      'Choose the brand this person works for.',
    );
    expect(state.requests).toHaveLength(0);

    await within(dialog).findByRole('option', { name: 'Urban Loom' });
    await user.selectOptions(within(dialog).getByLabelText('Brand'), 'Urban Loom');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.requests).toEqual([{ id: 'u2', body: { role: 'brand', brandId: 'b1' } }]);
    const row = (await screen.findByText('Brand team')).closest('tr')!;
    expect(within(row).getByText('Urban Loom')).toBeInTheDocument();
    expect(screen.getByText('ravi@example.in is now brand team.')).toBeInTheDocument();
  });

  it('shows why the last admin cannot be demoted (409 LAST_ADMIN)', async () => {
    const user = userEvent.setup();
    server.use(...usersState(people()).handlers);
    signInAs(2);
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Change role of root@shop.in' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Shopper');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The shop needs at least one admin.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('pages through many users', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) =>
      adminUser({ _id: `u${i}`, email: `person${String(i).padStart(2, '0')}@example.in` }),
    );
    server.use(...usersState(many).handlers);
    signInAs(2);
    renderApp('/admin/users');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'person24@example.in' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
