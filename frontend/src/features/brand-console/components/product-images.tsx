import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { consoleProducts } from '@/api/console-products';
import type { ConsoleImage, ConsoleProduct } from '@/api/console-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/stores/toasts';
import { messageOf } from '../utils/errors';
import styles from '@/components/console/console.module.css';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

interface Sending {
  key: string;
  name: string;
  fraction: number;
  error?: string;
}

/** The product's images: upload (with progress), preview, reorder and delete (after confirming). */
export function ProductImages({ product }: { product: ConsoleProduct }) {
  const client = useQueryClient();
  const [images, setImages] = useState<ConsoleImage[]>(product.imageSet);
  const [sending, setSending] = useState<Sending[]>([]);
  const [deleting, setDeleting] = useState<ConsoleImage | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: ['console'] });

  const update = (key: string, change: Partial<Sending>) =>
    setSending((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (file: File) => {
    const key = `${file.name}-${Math.random()}`;
    let error: string | undefined;
    if (!IMAGE_TYPES.includes(file.type)) error = 'Choose a JPEG, PNG or WebP image.';
    else if (file.size > MAX_BYTES) error = 'The image is over 10 MB.';
    setSending((all) => [...all, { key, name: file.name, fraction: 0, error }]);
    if (error) return;
    try {
      const { image } = await consoleProducts.uploadImage(product._id, file, (fraction) =>
        update(key, { fraction }),
      );
      setImages((all) => (all.some((item) => item._id === image._id) ? all : [...all, image]));
      setSending((all) => all.filter((item) => item.key !== key));
      showToast({ type: 'success', message: `${file.name} uploaded.` });
      refresh();
    } catch (failure) {
      update(key, { error: messageOf(failure) });
    }
  };

  const move = async (index: number, by: number) => {
    const next = [...images];
    next.splice(index + by, 0, ...next.splice(index, 1));
    setBusy(true);
    try {
      const answer = await consoleProducts.orderImages(
        product._id,
        next.map((image) => image._id),
      );
      setImages(answer.images);
      refresh();
    } catch (failure) {
      showToast({ type: 'error', message: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (image: ConsoleImage) => {
    setBusy(true);
    try {
      const answer = await consoleProducts.deleteImage(product._id, image._id);
      setImages(answer.images);
      showToast({ type: 'success', message: 'Image deleted.' });
      refresh();
    } catch (failure) {
      showToast({ type: 'error', message: messageOf(failure) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="product-images">
      <h2 id="product-images" className={styles.panelTitle}>
        Images
      </h2>
      <label className={styles.button}>
        Upload image
        <input
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          aria-label="Upload image"
          data-testid="upload-image"
          hidden
          onChange={(event) => {
            for (const file of Array.from(event.target.files ?? [])) void upload(file);
            event.target.value = '';
          }}
        />
      </label>
      {sending.map((item) => (
        <div key={item.key}>
          <progress
            className={styles.progress}
            aria-label={`Uploading ${item.name}`}
            max={100}
            value={Math.round(item.fraction * 100)}
          />
          {item.error && (
            <p role="alert" className={styles.alert}>
              {item.name}: {item.error}
            </p>
          )}
        </div>
      ))}
      {images.length === 0 ? (
        <p className={styles.muted}>No images yet.</p>
      ) : (
        <ol className={styles.cards} aria-label="Product images">
          {images.map((image, index) => (
            <li key={image._id || image.url} className={styles.card}>
              <img
                className={styles.thumb}
                src={image.url}
                srcSet={image.srcset ?? undefined}
                sizes="160px"
                alt={`Image ${index + 1} of ${product.name}`}
              />
              {image._id && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.button}
                    disabled={busy || index === 0}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move image ${index + 1} earlier`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={styles.button}
                    disabled={busy || index === images.length - 1}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move image ${index + 1} later`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={`${styles.button} ${styles.danger}`}
                    disabled={busy}
                    onClick={() => setDeleting(image)}
                    aria-label={`Delete image ${index + 1}`}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this image?"
          message="Shoppers stop seeing it at once."
          confirmLabel="Delete image"
          destructive
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
