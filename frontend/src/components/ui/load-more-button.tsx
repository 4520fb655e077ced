import { DEFAULT_LOADING_TEXT } from '@/config/app';
import styles from './load-more-button.module.css';

interface LoadMoreButtonProps {
  /** 'Load More Brands', 'Load More Products'. */
  label: string;
  /** The next page is on its way: the button reads 'Loading...' and waits. */
  loading: boolean;
  onLoadMore: () => void;
}

/** The button under a paged list that asks for its next page (000 §2.6, §2.9). */
export function LoadMoreButton({ label, loading, onLoadMore }: LoadMoreButtonProps) {
  return (
    <button type="button" className={styles.button} disabled={loading} onClick={onLoadMore}>
      {loading ? DEFAULT_LOADING_TEXT : label}
    </button>
  );
}
