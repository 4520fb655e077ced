import { useId, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { ADMIN_TEXTS } from '../utils/admin-texts';
import { isRefused, NotAllowed } from './admin-console';
import fieldStyles from '@/components/ui/form-field.module.css';
import styles from '@/components/console/console.module.css';

/** A labelled control with its error under it; `children` gets the ids to wire. */
export function FormRow({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children({ id, describedBy: message ? messageId : undefined, invalid: Boolean(error) })}
      {message && (
        <span id={messageId} className={error ? fieldStyles.error : styles.muted}>
          {message}
        </span>
      )}
    </div>
  );
}

export const inputClass = fieldStyles.input;

/** Loading, refused (403: not an admin after all) or failed: what a page shows instead of data. */
export function QueryState({
  isPending,
  error,
  onRetry,
  loading,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  loading: string;
}) {
  if (isPending) {
    return (
      <div role="status" className={styles.muted}>
        <Spinner color="purple" /> {loading}
      </div>
    );
  }
  if (isRefused(error)) return <NotAllowed hint={(error as Error).message} />;
  if (error) return <ErrorState message={ADMIN_TEXTS.loadFailed} onRetry={onRetry} />;
  return null;
}

/** Previous / Page n of m / Next. */
export function Pager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(limit, 1)));
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button
        type="button"
        className={styles.button}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * A chosen file and a local address to preview it by; choosing another (or none) lets the
 * previous address go.
 */
export function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File | null; url: string | null }>({
    file: null,
    url: null,
  });
  const choose = (file: File | null) =>
    setChosen((previous) => {
      if (previous.url) URL.revokeObjectURL(previous.url);
      const url =
        file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
      return { file, url };
    });
  return { ...chosen, choose };
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The checks the server makes by the bytes, made early by the file's type and size. */
export function imageFileError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!IMAGE_TYPES.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The image is over 10 MB.';
  return undefined;
}

/** An upload's progress bar, with its percentage for screen readers. */
export function UploadBar({ label, fraction }: { label: string; fraction: number | null }) {
  if (fraction === null) return null;
  return (
    <progress
      className={styles.progress}
      aria-label={label}
      max={100}
      value={Math.round(fraction * 100)}
    />
  );
}
