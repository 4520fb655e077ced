import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { shopifyImport } from '@/api/shopify-import';
import type {
  ShopifyPreview,
  ShopifyPreviewProduct,
  ShopifyReport,
  ShopifyRowError,
} from '@/api/shopify-types';
import { formatInr, parsePaise } from '@/lib/money';
import { showToast } from '@/stores/toasts';
import { messageOf } from '../utils/errors';
import styles from '@/components/console/console.module.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A 422 IMPORT_INVALID of a commit: its errors and failed count. */
function refusalOf(error: unknown): { failed: number; errors: ShopifyRowError[] } | null {
  if (error instanceof ApiError && error.code === 'IMPORT_INVALID' && Array.isArray(error.body.errors)) {
    return {
      failed: Number(error.body.failed ?? 0),
      errors: error.body.errors as ShopifyRowError[],
    };
  }
  return null;
}

function RowErrors({ label, errors }: { label: string; errors: ShopifyRowError[] }) {
  if (errors.length === 0) return null;
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            <tr key={`${error.row}-${error.field}-${index}`}>
              <td>{error.row}</td>
              <td>{error.field}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Price({ product }: { product: ShopifyPreviewProduct }) {
  if (product.price === null) return <>—</>;
  const price = formatInr(parsePaise(product.price));
  if (product.offerPercentage === 0 || product.listPrice === null) return <>{price}</>;
  return (
    <>
      {price}{' '}
      <s className={styles.muted}>{formatInr(parsePaise(product.listPrice))}</s> ({product.offerPercentage}% off)
    </>
  );
}

function PreviewTable({ products }: { products: ShopifyPreviewProduct[] }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label="Shopify products" tabIndex={0}>
      <table className={styles.table} aria-label="Shopify products">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Category</th>
            <th scope="col">Sizes and stock</th>
            <th scope="col">Price</th>
            <th scope="col">Images</th>
            <th scope="col">Import</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.handle}>
              <th scope="row">
                {product.name || product.handle}
                <br />
                <span className={styles.muted}>{product.handle}</span>
              </th>
              <td>{product.category ?? '—'}</td>
              <td>
                {product.sizes.length > 0
                  ? product.sizes.map((size) => `${size}: ${product.stock[size] ?? 0}`).join(' · ')
                  : '—'}
              </td>
              <td>
                <Price product={product} />
              </td>
              <td>{product.images.length}</td>
              <td>
                {product.errors.length > 0
                  ? plural(product.errors.length, 'problem')
                  : product.update
                    ? 'Updates'
                    : 'New'}
                {!product.isActive && <span className={styles.muted}> · off</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report }: { report: ShopifyReport }) {
  return (
    <section className={styles.panel} aria-labelledby="shopify-report" aria-live="polite">
      <h2 id="shopify-report" className={styles.panelTitle}>
        Import report
      </h2>
      <p>
        {report.created} created · {report.updated} updated · {report.failed} failed · images:{' '}
        {report.images.fetched} fetched, {report.images.failed} not fetched
      </p>
      <RowErrors label="Products not imported" errors={report.errors} />
      <RowErrors label="Image warnings" errors={report.warnings} />
    </section>
  );
}

/** The Shopify CSV import: upload, preview, 'Import N products', the report. */
export function ShopifyImporter({ brandId }: { brandId?: string }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState<number | null>(null);
  const [preview, setPreview] = useState<ShopifyPreview | null>(null);
  const [partial, setPartial] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [report, setReport] = useState<ShopifyReport | null>(null);
  const [refusal, setRefusal] = useState<{ failed: number; errors: ShopifyRowError[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setPreview(null);
    setReport(null);
    setRefusal(null);
    setFailure(null);
  };

  const upload = async () => {
    if (!file) return;
    reset();
    setFraction(0);
    try {
      setPreview(await shopifyImport.preview(file, { brandId }, setFraction));
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      else setFailure(messageOf(error));
    } finally {
      setFraction(null);
    }
  };

  const importable = preview ? preview.products.filter((p) => p.errors.length === 0).length : 0;
  const blocked = preview !== null && preview.errors.length > 0 && !partial;

  const commit = async () => {
    if (!preview) return;
    setCommitting(true);
    setFailure(null);
    try {
      const answer = await shopifyImport.commit(preview.token, { partial, brandId });
      setReport(answer);
      setPreview(null);
      showToast({
        type: 'success',
        message: `Imported: ${answer.created} created, ${answer.updated} updated.`,
      });
      void client.invalidateQueries({ queryKey: ['console'] });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      else {
        setFailure(messageOf(error));
        if (error instanceof ApiError && error.code === 'PREVIEW_NOT_FOUND') setPreview(null);
      }
    } finally {
      setCommitting(false);
    }
  };

  return (
    <>
      <section className={styles.panel} aria-labelledby="shopify-title">
        <h2 id="shopify-title" className={styles.panelTitle}>
          Import a Shopify CSV
        </h2>
        <p className={styles.muted}>
          Export your products from Shopify (Products → Export, CSV for Excel or plain CSV) and upload the file.
          Each handle becomes one product; its Size variants become its sizes and stock, its Type the category of
          that name. You see everything before anything is imported; images are fetched when you import.
        </p>
        <label>
          Shopify CSV file{' '}
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Shopify CSV file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <button
          type="button"
          className={`${styles.button} ${styles.primary}`}
          disabled={!file || fraction !== null}
          onClick={() => void upload()}
        >
          {fraction !== null ? 'Reading…' : 'Preview'}
        </button>
        {fraction !== null && (
          <progress className={styles.progress} aria-label="Shopify upload" max={100} value={Math.round(fraction * 100)} />
        )}
        {failure && (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        )}
      </section>
      {preview && (
        <section className={styles.panel} aria-labelledby="shopify-preview">
          <h2 id="shopify-preview" className={styles.panelTitle}>
            Preview
          </h2>
          <p>
            {plural(preview.products.length, 'product')} in the file · {importable} ready
            {preview.errors.length > 0 && ` · ${plural(preview.errors.length, 'problem')}`}
          </p>
          <PreviewTable products={preview.products} />
          <RowErrors label="Problems by row" errors={preview.errors} />
          {preview.errors.length > 0 && (
            <label className={styles.check}>
              <input type="checkbox" checked={partial} onChange={(event) => setPartial(event.target.checked)} />{' '}
              Import the ready products and leave the others out
            </label>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              disabled={committing || importable === 0 || blocked}
              onClick={() => void commit()}
            >
              {committing ? 'Importing…' : `Import ${plural(importable, 'product')}`}
            </button>
            <button type="button" className={styles.button} disabled={committing} onClick={reset}>
              Cancel
            </button>
          </div>
          {blocked && <p className={styles.muted}>Fix the problems in the file, or tick the box above.</p>}
        </section>
      )}
      {refusal && (
        <section className={styles.panel} aria-labelledby="shopify-refused" aria-live="polite">
          <h2 id="shopify-refused" className={styles.panelTitle}>
            Nothing was imported
          </h2>
          <p>{plural(refusal.failed, 'product')} or rows with problems.</p>
          <RowErrors label="Problems by row" errors={refusal.errors} />
        </section>
      )}
      {report && <Report report={report} />}
    </>
  );
}
