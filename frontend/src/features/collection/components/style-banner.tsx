import { Link } from 'react-router';
import { isQuizLookKey, QUIZ_LOOKS } from '@/config/looks';
import { paths } from '@/config/paths';
import { ChevronRightIcon, SparklesIcon } from '@/components/ui/icons';
import styles from './style-banner.module.css';

/** The style quiz's result when it sent the shopper here (/collection?style=..., 001 §2). */
export function StyleBanner({ styleKey }: { styleKey: string | null }) {
  if (!isQuizLookKey(styleKey)) return null;
  const look = QUIZ_LOOKS[styleKey];
  return (
    <p className={styles.banner}>
      <SparklesIcon size={18} />
      <span className={styles.text}>Your style: {look.title}</span>
      <Link to={paths.look.getHref(look.lookId)} className={styles.link}>
        See the look
        <ChevronRightIcon size={16} />
      </Link>
    </p>
  );
}
