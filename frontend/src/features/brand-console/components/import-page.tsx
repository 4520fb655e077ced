import { useState } from 'react';
import { ApiError } from '@/api/client';
import { consoleProducts } from '@/api/console-products';
import type { ImportReport } from '@/api/console-types';
import { showToast } from '@/stores/toasts';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../utils/errors';
import { BrandConsoleFrame, useBrandParam, useConsoleAllowed } from './console-frame';
import { ShopifyImporter } from './shopify-importer';
import styles from '@/components/console/console.module.css';

export const CSV_HEADER =
  'id,name,description,price,gender,categories,tags,color,sizes,stock,offerPercentage,isActive,pattern,length,fabric,sleeveLength,fit,distress,images';

/** A 422 IMPORT_INVALID carries the same report as a 200. */
function reportOf(error: unknown): ImportReport | null {
  if (error instanceof ApiError && error.code === 'IMPORT_INVALID' && Array.isArray(error.body.errors)) {
    return error.body as unknown as ImportReport;
  }
  return null;
}

function Importer() {
  const client = useQueryClient();
  const brandId = useBrandParam();
  const [file, setFile] = useState<File | null>(null);
  const [partial, setPartial] = useState(false);
  const [fraction, setFraction] = useState<number | null>(null);
  const [report, setReport] = useState<{ report: ImportReport; imported: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = fraction !== null;

  const send = async () => {
    if (!file) return;
    setReport(null);
    setFailure(null);
    setFraction(0);
    try {
      const answer = await consoleProducts.importCsv(file, { partial, brandId }, setFraction);
      setReport({ report: answer, imported: true });
      showToast({ type: 'success', message: `Imported: ${answer.created} created, ${answer.updated} updated.` });
      void client.invalidateQueries({ queryKey: ['console'] });
    } catch (error) {
      const invalid = reportOf(error);
      if (invalid) setReport({ report: invalid, imported: false });
      else setFailure(messageOf(error));
    } finally {
      setFraction(null);
    }
  };

  return (
    <>
      <section className={styles.panel} aria-labelledby="import-title">
        <h2 id="import-title" className={styles.panelTitle}>
          Import a CSV
        </h2>
        <p className={styles.muted}>
          Header: <code>{CSV_HEADER}</code>. Lists are separated by <code>|</code>, stock as{' '}
          <code>S:4|M:10</code>; a row with an id of your brand updates that product.
        </p>
        <label>
          CSV file{' '}
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={partial} onChange={(event) => setPartial(event.target.checked)} />{' '}
          Import the valid rows even when some are invalid
        </label>
        <button
          type="button"
          className={`${styles.button} ${styles.primary}`}
          disabled={!file || sending}
          onClick={() => void send()}
        >
          {sending ? 'Importing…' : 'Import'}
        </button>
        {fraction !== null && (
          <progress className={styles.progress} aria-label="Import upload" max={100} value={Math.round(fraction * 100)} />
        )}
        {failure && (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        )}
      </section>
      {report && (
        <section className={styles.panel} aria-labelledby="import-report" aria-live="polite">
          <h2 id="import-report" className={styles.panelTitle}>
            {report.imported ? 'Import report' : 'Nothing was imported'}
          </h2>
          <p>
            {report.report.created} created · {report.report.updated} updated · {report.report.failed} failed
          </p>
          {report.report.errors.length > 0 && (
            <div className={styles.tableWrap} role="region" aria-label="Row errors" tabIndex={0}>
              <table className={styles.table} aria-label="Row errors">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Field</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {report.report.errors.map((error, index) => (
                    <tr key={`${error.row}-${error.field}-${index}`}>
                      <td>{error.row}</td>
                      <td>{error.field}</td>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
      <section className={styles.panel} aria-labelledby="export-title">
        <h2 id="export-title" className={styles.panelTitle}>
          Export
        </h2>
        <a className={styles.button} href={consoleProducts.exportUrl({ brandId })} download>
          Download CSV
        </a>
      </section>
    </>
  );
}

type Format = 'csv' | 'shopify';

/** The file's kind: the shop's own CSV (import and export) or Shopify's product export. */
function Imports() {
  const brandId = useBrandParam();
  const [format, setFormat] = useState<Format>('csv');
  const choice = (value: Format, label: string) => (
    <label className={styles.check}>
      <input
        type="radio"
        name="import-format"
        value={value}
        checked={format === value}
        onChange={() => setFormat(value)}
      />{' '}
      {label}
    </label>
  );
  return (
    <>
      <div role="radiogroup" aria-label="The file's kind" className={`${styles.panel} ${styles.actions}`}>
        {choice('csv', 'Shop CSV')}
        {choice('shopify', 'Shopify CSV')}
      </div>
      {format === 'csv' ? <Importer /> : <ShopifyImporter brandId={brandId} />}
    </>
  );
}

/** /brand/import: CSV import with a row-by-row report, the export, and the Shopify import. */
export function ImportPage() {
  const allowed = useConsoleAllowed();
  return <BrandConsoleFrame title="Import/Export">{allowed && <Imports />}</BrandConsoleFrame>;
}
