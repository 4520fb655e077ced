import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { adminUser, auditEntry, refusal, signInAs, usersState } from './admin-mocks';

function auditAnswers(total = 1) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/admin/audit', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const page = Number(params.get('page') ?? 1);
      return HttpResponse.json({
        success: true,
        entries: [auditEntry({ _id: `a${page}`, entityId: `b${page}` })],
        total,
        page,
        limit: 1,
      });
    }),
  );
  return asked;
}

describe('Admin console: audit log', () => {
  it('expands a row into the changed keys, before and after', async () => {
    const user = userEvent.setup();
    auditAnswers();
    signInAs(2);
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByRole('rowheader', { name: 'root@shop.in' })).toBeInTheDocument();
    const toggle = within(table).getByRole('button', { name: 'Show changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByLabelText('Changes of brand b1');
    expect(within(diff).getAllByRole('term').map((t) => t.textContent)).toEqual([
      'isActive',
      'version',
    ]);
    expect(within(diff).getByText('true')).toBeInTheDocument();
    expect(within(diff).getByText('false')).toBeInTheDocument();
    expect(within(diff).queryByText('name')).not.toBeInTheDocument();
  });

  it('filters by actor (an e-mail, looked up to its id) and entity, and pages', async () => {
    const user = userEvent.setup();
    server.use(
      ...usersState([adminUser({ _id: 'u1', email: 'root@shop.in', role: 2 })]).handlers,
    );
    const asked = auditAnswers(3);
    signInAs(2);
    renderApp('/admin/audit');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(asked.at(-1)?.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Entity'), 'category');
    await user.type(screen.getByLabelText('Actor'), 'root@shop.in');
    await waitFor(() => expect(asked.at(-1)?.get('actor')).toBe('u1'));
    expect(asked.at(-1)?.get('entity')).toBe('category');
    expect(asked.at(-1)?.get('page')).toBe('1');
  });

  it('says when nobody has the e-mail typed, and filters by a clicked actor', async () => {
    const user = userEvent.setup();
    server.use(...usersState([adminUser({ _id: 'u1', email: 'root@shop.in' })]).handlers);
    const asked = auditAnswers();
    signInAs(2);
    renderApp('/admin/audit');
    await user.type(await screen.findByLabelText('Actor'), 'nobody@shop.in');
    await waitFor(() =>
      expect(screen.getByLabelText('Actor')).toHaveAccessibleDescription('Nobody has that e-mail.'),
    );
    await user.clear(screen.getByLabelText('Actor'));
    await user.click(await screen.findByRole('button', { name: 'root@shop.in' }));
    expect(screen.getByLabelText('Actor')).toHaveValue('root@shop.in');
    await waitFor(() => expect(asked.at(-1)?.get('actor')).toBe('u1'));
  });

  it('offers a retry when the log cannot be read', async () => {
    server.use(http.get('*/api/admin/audit', () => refusal(500, 'INTERNAL', 'Boom')));
    signInAs(2);
    renderApp('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load this page. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
