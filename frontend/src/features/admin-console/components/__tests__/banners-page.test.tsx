import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { banner, bannersState, refusal, signInAs } from './admin-mocks';

const jpeg = () => new File(['jpeg bytes'], 'diwali.jpg', { type: 'image/jpeg' });

describe('Admin console: banners', () => {
  it('publishes a hero banner, previewing it among the live hero banners', async () => {
    const user = userEvent.setup();
    const { state, handlers } = bannersState([
      banner({ _id: 'live1', title: 'Monsoon sale', priority: 5 }),
      banner({ _id: 'off', title: 'Old promo', priority: 50, isActive: false }),
    ]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/banners');
    expect(await screen.findByRole('rowheader', { name: 'Monsoon sale' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByLabelText('Image')).toHaveAccessibleDescription(
      'Choose the banner image.',
    );
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('Enter a title.');
    expect(state.requests).toHaveLength(0);

    await user.upload(within(form).getByLabelText('Image'), jpeg());
    await user.type(within(form).getByLabelText('Title'), 'Diwali drop');
    await user.type(within(form).getByLabelText('Tags'), 'Diwali, Sale');
    await user.type(within(form).getByLabelText('Campaign'), 'diwali-2026');
    await user.clear(within(form).getByLabelText('Priority'));
    await user.type(within(form).getByLabelText('Priority'), '9');

    const preview = screen.getByRole('region', { name: 'Home preview' });
    expect(within(preview).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Diwali drop (this banner)',
      'Monsoon sale',
    ]);

    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('rowheader', { name: 'Diwali drop' })).toBeInTheDocument();
    expect(state.requests[0]).toEqual({
      method: 'POST',
      fields: {
        // jsdom's XMLHttpRequest drops the file's name on the way to msw.
        file: expect.stringMatching(/^file:/) as unknown,
        title: 'Diwali drop',
        category: 'hero',
        device: 'all',
        tags: 'diwali,sale',
        campaign: 'diwali-2026',
        startDate: '',
        endDate: '',
        priority: '9',
        isActive: 'true',
      },
    });
    expect(screen.getByText('Diwali drop published.')).toBeInTheDocument();
  });

  it("shows the server's refusal of the file at the field (415)", async () => {
    const user = userEvent.setup();
    server.use(...bannersState([]).handlers);
    server.use(
      http.post('*/api/admin/static-images', () =>
        refusal(415, 'UNSUPPORTED_IMAGE', 'The file is not a JPEG, PNG or WebP image.', {
          fields: { file: 'The file is not a JPEG, PNG or WebP image.' },
        }),
      ),
    );
    signInAs(2);
    renderApp('/admin/banners');
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    await user.upload(screen.getByLabelText('Image'), jpeg());
    await user.type(screen.getByLabelText('Title'), 'Fake');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not a JPEG, PNG or WebP image.',
    );
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(
      'The file is not a JPEG, PNG or WebP image.',
    );
  });

  it('edits with the version read and reloads on a stale edit (409 STALE_EDIT)', async () => {
    const user = userEvent.setup();
    const { state, handlers } = bannersState([banner()]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/banners');
    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon sale' }));
    state.banners[0] = { ...state.banners[0]!, title: 'Monsoon mega sale', version: 2 };
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Someone else changed this/);
    expect(screen.getByLabelText('Title')).toHaveValue('Monsoon mega sale');
    expect(state.requests[0]?.fields.version).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.requests[1]?.fields.version).toBe('2'));
    expect(state.requests[1]?.fields.file).toBeUndefined();
  });

  it('deletes a banner after confirming', async () => {
    const user = userEvent.setup();
    const { state, handlers } = bannersState([banner()]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/banners');
    await user.click(await screen.findByRole('button', { name: 'Delete Monsoon sale' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Monsoon sale?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('No banners yet')).toBeInTheDocument();
    expect(state.requests).toEqual([{ method: 'DELETE', fields: { id: 'i1' } }]);
  });
});
