import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { categoriesState, category, signInAs } from './admin-mocks';

const tree = () => [
  category({ _id: 'tops', name: 'Tops', position: 0, productCount: 4 }),
  category({ _id: 'dresses', name: 'Dresses', position: 1, productCount: 0 }),
  category({
    _id: 'tees',
    name: 'Tees',
    parentCategory: { _id: 'tops', name: 'Tops' },
    position: 0,
    productCount: 2,
  }),
  category({ _id: 'shirts', name: 'Shirts', gender: 'male', position: 0 }),
];

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.firstElementChild?.textContent);

describe('Admin console: categories', () => {
  it("shows one gender's tree, parents with their children", async () => {
    const user = userEvent.setup();
    server.use(...categoriesState(tree()).handlers);
    signInAs(2);
    renderApp('/admin/categories');
    const women = await screen.findByRole('list', { name: 'Women categories' });
    expect(names(women)).toEqual(['Tops', 'Tees', 'Dresses']);
    expect(within(women).getByRole('list', { name: 'Tops subcategories' })).toBeInTheDocument();
    expect(screen.queryByText('Shirts')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Gender'), 'male');
    expect(await screen.findByRole('list', { name: 'Men categories' })).toHaveTextContent('Shirts');
  });

  it('reorders siblings with the move buttons', async () => {
    const user = userEvent.setup();
    const { state, handlers } = categoriesState(tree());
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/categories');
    expect(await screen.findByRole('button', { name: 'Move Tops up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Tops down' }));
    await waitFor(() =>
      expect(names(screen.getByRole('list', { name: 'Women categories' }))).toEqual([
        'Dresses',
        'Tops',
        'Tees',
      ]),
    );
    expect(state.requests).toEqual([{ method: 'ORDER', body: { ids: ['dresses', 'tops'] } }]);
  });

  it('creates a child category under a parent', async () => {
    const user = userEvent.setup();
    const { state, handlers } = categoriesState(tree());
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/categories');
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const form = screen.getByRole('form', { name: 'New category' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      'Enter the category name.',
    );
    await user.type(within(form).getByLabelText('Name'), 'Crop tops');
    await user.selectOptions(within(form).getByLabelText('Parent'), 'Tops');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(screen.getByRole('list', { name: 'Tops subcategories' })).findByText(
        'Crop tops',
      ),
    ).toBeInTheDocument();
    expect(state.requests[0]).toEqual({
      method: 'POST',
      body: { name: 'Crop tops', gender: 'female', parentId: 'tops', image: '' },
    });
  });

  it('says how many products use a category it cannot delete (409 IN_USE)', async () => {
    const user = userEvent.setup();
    server.use(...categoriesState(tree()).handlers);
    signInAs(2);
    renderApp('/admin/categories');
    await user.click(await screen.findByRole('button', { name: 'Delete Tops' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Tops?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tops cannot be deleted: 4 products use it.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Dresses' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Dresses')).not.toBeInTheDocument());
  });

  it('shows the current category after a stale edit (409 STALE_EDIT)', async () => {
    const user = userEvent.setup();
    const { state, handlers } = categoriesState(tree());
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/categories');
    await user.click(await screen.findByRole('button', { name: 'Edit Dresses' }));
    state.categories[1] = { ...state.categories[1]!, name: 'Gowns', version: 2 };
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Someone else changed this/);
    expect(screen.getByLabelText('Name')).toHaveValue('Gowns');
  });
});
