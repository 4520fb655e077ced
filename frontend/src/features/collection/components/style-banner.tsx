import { Link } from 'react-router';
import { isQuizLookKey, QUIZ_LOOKS } from '@/config/looks';
import { paths } from '@/config/paths';
import { ChevronRightIcon, SparklesIcon } from '@/components/ui/icons';
import styles from './style-banner.module.css';

export const QUIZ_INVITATION = { text: 'Not sure what suits you?', link: 'Take the Style Quiz' };

/**
 * The style quiz's result when it sent the shopper here (/collection?style=..., 001 §2), else
 * the way to the quiz.
 */
export function StyleBanner({ styleKey }: { styleKey: string | null }) {
  if (!isQuizLookKey(styleKey)) {
    return (
      <p className={styles.banner}>
        <SparklesIcon size={18} />
        <span className={styles.text}>{QUIZ_INVITATION.text}</span>
        <Link to={paths.styleQuiz.getHref()} className={styles.link}>
          {QUIZ_INVITATION.link}
          <ChevronRightIcon size={16} />
        </Link>
      </p>
    );
  }
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
