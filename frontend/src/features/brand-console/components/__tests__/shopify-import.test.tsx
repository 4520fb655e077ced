import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ShopifyPreview, ShopifyReport } from '@/api/shopify-types';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';

function signInAsBrand() {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role: 1, email: 'team@loom.in' })));
}

const previewAnswer: ShopifyPreview = {
  success: true,
  preview: true,
  token: 'a'.repeat(64),
  products: [
    {
      handle: 'linen-kurta',
      name: 'Linen Kurta',
      description: 'Hand-woven linen kurta.',
      price: { $numberDecimal: '1499.00' },
      compareAtPrice: { $numberDecimal: '1999.00' },
      listPrice: { $numberDecimal: '1999.00' },
      offerPercentage: 25,
      category: 'Kurtas',
      sizes: ['S', 'M'],
      stock: { S: 5, M: 10 },
      tags: ['linen'],
      images: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
      isActive: true,
      update: false,
      errors: [],
    },
    {
      handle: 'odd-size',
      name: 'Odd Size',
      description: '',
      price: { $numberDecimal: '499.00' },
      compareAtPrice: null,
      listPrice: { $numberDecimal: '499.00' },
      offerPercentage: 0,
      category: 'T-shirts',
      sizes: [],
      stock: {},
      tags: [],
      images: [],
      isActive: true,
      update: false,
      errors: [{ row: 5, field: 'Option1 Value', message: "'3XL' is not one of the shop's sizes." }],
    },
  ],
  errors: [{ row: 5, field: 'Option1 Value', message: "'3XL' is not one of the shop's sizes." }],
};

const report: ShopifyReport = {
  success: true,
  created: 1,
  updated: 0,
  failed: 1,
  errors: previewAnswer.errors,
  images: { fetched: 1, failed: 1 },
  warnings: [{ row: 4, field: 'Image Src', message: 'https://cdn.example.com/b.png: The server answered 404.' }],
};

describe('Brand console: Shopify import', () => {
  it('previews the file, then imports the ready products and shows the report', async () => {
    const seen: { commit?: URL } = {};
    server.use(
      http.post('*/api/brand/products/import', ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('commit')) {
          seen.commit = url;
          return HttpResponse.json(report);
        }
        expect(url.searchParams.get('format')).toBe('shopify');
        return HttpResponse.json(previewAnswer);
      }),
    );
    const user = userEvent.setup();
    signInAsBrand();
    renderApp('/brand/import');
    await user.click(await screen.findByRole('radio', { name: 'Shopify CSV' }));
    await user.upload(
      screen.getByLabelText('Shopify CSV file'),
      new File(['Handle,Title'], 'products_export.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Shopify products' });
    const kurta = within(table).getByRole('row', { name: /Linen Kurta/ });
    expect(within(kurta).getByText('S: 5 · M: 10')).toBeInTheDocument();
    expect(within(kurta).getByText('Kurtas')).toBeInTheDocument();
    expect(within(kurta).getByText('2')).toBeInTheDocument();
    expect(within(kurta).getByText(/25% off/)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Odd Size/ })).toHaveTextContent('1 problem');
    const problems = screen.getByRole('table', { name: 'Problems by row' });
    expect(within(problems).getByText("'3XL' is not one of the shop's sizes.")).toBeInTheDocument();

    // With a problem the import waits for the partial choice.
    const importButton = screen.getByRole('button', { name: 'Import 1 product' });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Import the ready products/ }));
    await user.click(importButton);

    expect(await screen.findByText('Import report')).toBeInTheDocument();
    await waitFor(() => expect(seen.commit?.searchParams.get('partial')).toBe('true'));
    expect(seen.commit?.searchParams.get('commit')).toBe(previewAnswer.token);
    expect(screen.getByText(/1 created · 0 updated · 1 failed/)).toBeInTheDocument();
    const warnings = screen.getByRole('table', { name: 'Image warnings' });
    expect(within(warnings).getByText(/The server answered 404/)).toBeInTheDocument();
  });

  it('says when the preview has expired', async () => {
    server.use(
      http.post('*/api/brand/products/import', ({ request }) =>
        new URL(request.url).searchParams.get('commit')
          ? HttpResponse.json(
              { error: 'No preview with this token.', code: 'PREVIEW_NOT_FOUND' },
              { status: 404 },
            )
          : HttpResponse.json({ ...previewAnswer, products: [previewAnswer.products[0]], errors: [] }),
      ),
    );
    const user = userEvent.setup();
    signInAsBrand();
    renderApp('/brand/import');
    await user.click(await screen.findByRole('radio', { name: 'Shopify CSV' }));
    await user.upload(screen.getByLabelText('Shopify CSV file'), new File(['x'], 'p.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No preview with this token.');
    expect(screen.queryByRole('table', { name: 'Shopify products' })).not.toBeInTheDocument();
  });
});
