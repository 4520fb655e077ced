import type { ComponentPropsWithoutRef } from 'react';
import styles from './overlay-icon-button.module.css';

export interface OverlayIconButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'type'> {
  /** In the top-right corner of a product card's picture. */
  corner?: boolean;
}

/** The round button laid over a product's picture: the wishlist heart, the curated list's Remove. */
export function OverlayIconButton({ corner = false, className, ...button }: OverlayIconButtonProps) {
  return (
    <button
      type="button"
      className={[styles.button, corner && styles.corner, className].filter(Boolean).join(' ')}
      {...button}
    />
  );
}
