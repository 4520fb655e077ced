import { ArrowLeftIcon } from './icons';
import styles from './title-bar.module.css';

interface TitleBarProps {
  title: string;
  onBack: () => void;
  /** For a page labelled by its title (`aria-labelledby`). */
  titleId?: string;
}

/** A plain page's top row: a back button and the page's heading. */
export function TitleBar({ title, onBack, titleId }: TitleBarProps) {
  return (
    <div className={styles.bar}>
      <button type="button" className={styles.back} onClick={onBack} aria-label="Back">
        <ArrowLeftIcon size={22} />
      </button>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
    </div>
  );
}
