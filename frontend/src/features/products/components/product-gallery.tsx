import { useState } from 'react';
import { FallbackImage } from '@/components/ui/fallback-image';
import styles from './product-gallery.module.css';

/** The product page's gallery (000 §2.12): one large image and a thumbnail per image. */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const count = images.length;
  return (
    <div className={styles.gallery}>
      <span className={styles.main}>
        <FallbackImage
          src={images[selected]}
          alt={count > 1 ? `${name}, image ${selected + 1} of ${count}` : name}
          className={styles.image}
        />
      </span>
      {count > 1 && (
        <ul className={styles.thumbs} aria-label="Images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className={index === selected ? `${styles.thumb} ${styles.current}` : styles.thumb}
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <FallbackImage src={image} alt="" loading="lazy" className={styles.image} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
