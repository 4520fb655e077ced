import { useState, type CSSProperties } from 'react';
import { brandInitials } from '@/lib/product';
import styles from './brand-logo.module.css';

export interface BrandLogoProps {
  name: string;
  logoUrl?: string | null;
  /** Side of the square box in px. */
  size?: number;
  /** Set when the brand's name is written beside the logo, so it is not read twice. */
  decorative?: boolean;
  className?: string;
}

/** A brand's logo in a fixed square, or the initials of its first two words (000 §2.6). */
export function BrandLogo({
  name,
  logoUrl,
  size = 56,
  decorative = false,
  className,
}: BrandLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={[styles.box, className].filter(Boolean).join(' ')}
      style={{ '--logo-size': `${size}px` } as CSSProperties}
    >
      {logoUrl && failedUrl !== logoUrl ? (
        <img
          src={logoUrl}
          alt=""
          loading="lazy"
          className={styles.image}
          onError={() => setFailedUrl(logoUrl)}
        />
      ) : (
        <span className={styles.initials}>{brandInitials(name)}</span>
      )}
    </span>
  );
}
