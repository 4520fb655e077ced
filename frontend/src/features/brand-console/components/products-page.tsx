import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductSort, ProductStatus } from '@/api/console-types';
import { consolePaths } from '@/config/console-paths';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { useConsoleProducts } from '../hooks/use-console';
import { BrandConsoleFrame, useBrandParam, useConsoleAllowed } from './console-frame';
import styles from '@/components/console/console.module.css';

const LIMIT = 20;
const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'Name' },
  { value: 'price-low', label: 'Price: low to high' },
  { value: 'price-high', label: 'Price: high to low' },
];

const units = (stock: Record<string, number>) =>
  Object.values(stock).reduce((sum, count) => sum + count, 0);

function ProductTable() {
  const brandId = useBrandParam();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus>('active');
  const [sort, setSort] = useState<ProductSort>('newest');
  const [page, setPage] = useState(1);
  const query = useConsoleProducts({ search: search.trim(), status, sort, page, limit: LIMIT, brandId });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
  const sortBy = (next: ProductSort) => {
    setSort(next);
    setPage(1);
  };
  const ariaSort = (name: 'name' | 'price') => {
    if (name === 'name') return sort === 'name' ? 'ascending' : 'none';
    if (sort === 'price-low') return 'ascending';
    return sort === 'price-high' ? 'descending' : 'none';
  };

  return (
    <>
      <div className={styles.toolbar}>
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search by name or tag"
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ProductStatus);
            setPage(1);
          }}
        >
          <option value="active">Active</option>
          <option value="archived">Archived</option>
        </select>
        <select aria-label="Sort" value={sort} onChange={(event) => sortBy(event.target.value as ProductSort)}>
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Link to={consolePaths.brandProductNew.getHref()} className={`${styles.button} ${styles.primary}`}>
          New product
        </Link>
      </div>
      {query.isPending && (
        <div role="status" className={styles.muted}>
          <Spinner color="purple" /> Loading products…
        </div>
      )}
      {query.isError && !data && (
        <ErrorState message="The products could not be loaded." onRetry={() => void query.refetch()} />
      )}
      {data && data.products.length === 0 && (
        <p className={styles.muted}>{search ? 'No product matches the search.' : 'No products yet.'}</p>
      )}
      {data && data.products.length > 0 && (
        <div className={styles.tableWrap} role="region" aria-label="Products" tabIndex={0}>
          <table className={styles.table} aria-label="Products">
            <thead>
              <tr>
                <th scope="col" aria-sort={ariaSort('name')}>
                  <button type="button" onClick={() => sortBy('name')}>
                    Name
                  </button>
                </th>
                <th scope="col" aria-sort={ariaSort('price')}>
                  <button
                    type="button"
                    onClick={() => sortBy(sort === 'price-low' ? 'price-high' : 'price-low')}
                  >
                    Price
                  </button>
                </th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <tr key={product._id}>
                  <th scope="row">{product.name}</th>
                  <td>₹{product.price.$numberDecimal}</td>
                  <td>{units(product.stock)}</td>
                  <td>
                    {product.archived ? 'Archived' : product.isActive ? 'On sale' : 'Switched off'}
                  </td>
                  <td>
                    <Link to={consolePaths.brandProduct.getHref(product._id)} aria-label={`Edit ${product.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <nav className={styles.pager} aria-label="Pages">
          <button type="button" className={styles.button} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages} · {data.total} products
          </span>
          <button
            type="button"
            className={styles.button}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}

/** /brand/products: the brand's products, to search, filter, sort and page. */
export function ProductsPage() {
  const allowed = useConsoleAllowed();
  return <BrandConsoleFrame title="Products">{allowed && <ProductTable />}</BrandConsoleFrame>;
}
