import { useState, type ImgHTMLAttributes } from 'react';
import styles from './fallback-image.module.css';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | undefined;
  alt: string;
};

/** An image that swaps in a placeholder when it is missing or fails to load (000 §3, §8). */
export function FallbackImage({ src, alt, className, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = [styles.image, className].filter(Boolean).join(' ');

  if (!src || failedSrc === src) {
    return (
      <span role="img" aria-label={alt} className={`${classes} ${styles.placeholder}`}>
        <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
          <path
            d="M18 8h12l3 4 7 3-3 9h-4v16H15V24h-4l-3-9 7-3 3-4Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    );
  }

  return (
    <img
      {...props}
      src={src}
      alt={alt}
      className={classes}
      onError={() => setFailedSrc(src)}
    />
  );
}
