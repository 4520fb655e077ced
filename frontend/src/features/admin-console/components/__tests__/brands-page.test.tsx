import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { brand, brandsState, refusal, signInAs } from './admin-mocks';

const brandsTable = () => screen.findByRole('table', { name: 'Brands' });

describe('Admin console: who may open it', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderApp('/admin/brands');
    expect(await screen.findByText('Sign in to use the admin console')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it.each([0, 1] as const)('tells role %i it is not allowed, and asks nothing', async (role) => {
    let asked = 0;
    server.use(
      http.get('*/api/admin/brands', () => {
        asked += 1;
        return refusal(403, 'FORBIDDEN', 'Admins only.');
      }),
    );
    signInAs(role);
    renderApp('/admin/brands');
    expect(await screen.findByText('The admin console is for admins')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('shows the not-allowed screen when the server refuses (403)', async () => {
    server.use(http.get('*/api/admin/brands', () => refusal(403, 'FORBIDDEN', 'Admins only.')));
    signInAs(2);
    renderApp('/admin/brands');
    expect(await screen.findByText('The admin console is for admins')).toBeInTheDocument();
    expect(screen.getByText('Admins only.')).toBeInTheDocument();
  });

  it('lists the sections on /admin', async () => {
    signInAs(2);
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin console' });
    for (const name of ['Brands', 'Categories', 'Banners', 'Users and roles', 'Audit log']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});

describe('Admin console: brands', () => {
  it('sorts brands by name or by products', async () => {
    const user = userEvent.setup();
    server.use(
      ...brandsState([brand(), brand({ _id: 'b2', name: 'Aarohi', productCount: 3 })]).handlers,
    );
    signInAs(2);
    renderApp('/admin/brands');
    const table = await brandsTable();
    const order = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(order()).toEqual(['Aarohi', 'Urban Loom']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'products');
    expect(order()).toEqual(['Urban Loom', 'Aarohi']);
  });

  it('lists, searches and filters brands', async () => {
    const user = userEvent.setup();
    server.use(
      ...brandsState([brand(), brand({ _id: 'b2', name: 'Saffron', isActive: false })]).handlers,
    );
    signInAs(2);
    renderApp('/admin/brands');
    const table = await brandsTable();
    expect(within(table).getByRole('rowheader', { name: 'Urban Loom' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Saffron' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    expect(within(table).queryByRole('rowheader', { name: 'Urban Loom' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'all');

    await user.type(screen.getByLabelText('Search brands'), 'saff');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Urban Loom' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: 'Saffron' })).toBeInTheDocument();
  });

  it('creates a brand, validating as typed, and uploads its logo with progress', async () => {
    const user = userEvent.setup();
    const { state, handlers } = brandsState([]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/brands');
    expect(await screen.findByText('No brands found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New brand' }));
    const form = screen.getByRole('form', { name: 'New brand' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Enter the brand name.');
    expect(state.requests).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Indigo Lane');
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'female');
    await user.type(within(form).getByLabelText('Description'), 'Hand block prints');
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Logo'), logo);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('rowheader', { name: 'Indigo Lane' })).toBeInTheDocument();
    expect(state.requests[0]).toEqual({
      method: 'POST',
      body: { name: 'Indigo Lane', gender: 'female', isActive: true, description: 'Hand block prints' },
    });
    expect(state.requests[1]).toEqual({ method: 'LOGO', body: 'b1' });
    expect(await screen.findByText('Indigo Lane saved.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    server.use(...brandsState().handlers);
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'Edit Urban Loom' }));
    await user.upload(screen.getByLabelText('Logo'), new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByLabelText('Logo')).toHaveAccessibleDescription(
      'Choose a JPEG, PNG or WebP image.',
    );
  });

  it("shows the server's refusal of a logo (413) and keeps the form open", async () => {
    const user = userEvent.setup();
    server.use(...brandsState().handlers);
    server.use(
      http.post('*/api/admin/brands/:id/logo', () =>
        refusal(413, 'PAYLOAD_TOO_LARGE', 'The file is over 10 MB.'),
      ),
    );
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'Edit Urban Loom' }));
    await user.upload(screen.getByLabelText('Logo'), new File(['png'], 'l.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is over 10 MB.');
    expect(screen.getByRole('form', { name: 'Edit Urban Loom' })).toBeInTheDocument();
  });

  it("shows the server's field errors at the field", async () => {
    const user = userEvent.setup();
    server.use(...brandsState([]).handlers);
    server.use(
      http.post('*/api/admin/brands', () =>
        refusal(400, 'VALIDATION_FAILED', 'Check the fields.', {
          fields: { name: 'A brand with this name exists.' },
        }),
      ),
    );
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'New brand' }));
    await user.type(screen.getByLabelText('Name'), 'Urban Loom');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'A brand with this name exists.',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields.');
  });

  it('loads the current brand on a stale edit (409 STALE_EDIT)', async () => {
    const user = userEvent.setup();
    const { state, handlers } = brandsState();
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'Edit Urban Loom' }));
    // A colleague saves first.
    state.brands[0] = { ...state.brands[0]!, name: 'Urban Loom Co', version: 2 };
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Urban Loom India');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Someone else changed this/);
    expect(screen.getByLabelText('Name')).toHaveValue('Urban Loom Co');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Urban Loom India');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'Urban Loom India' })).toBeInTheDocument();
    expect(state.requests.at(-1)?.body).toMatchObject({ version: 2 });
  });

  it('deactivates a brand only after confirming that it hides its products', async () => {
    const user = userEvent.setup();
    const { state, handlers } = brandsState();
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Urban Loom' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Urban Loom?' });
    expect(dialog).toHaveAccessibleDescription(/hides its products/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate Urban Loom' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByRole('button', { name: 'Activate Urban Loom' })).toBeInTheDocument();
    expect(state.requests[0]).toEqual({ method: 'PATCH', body: { isActive: false, version: 1 } });
  });
});

describe('Admin console: its own page', () => {
  it("is drawn outside the shop's column: no shop header or bottom navigation", async () => {
    server.use(...brandsState().handlers);
    signInAs(2);
    renderApp('/admin/brands');
    expect(await screen.findByRole('table', { name: 'Brands' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Brands' })).toBeInTheDocument();
    expect(screen.getByText('root@shop.in')).toBeInTheDocument();
  });
});
