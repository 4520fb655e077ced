import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCategoriesByGender } from '@/api/catalogue';
import { ApiError } from '@/api/client';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ConsoleProduct, ProductGender, Specifications } from '@/api/console-types';
import { consolePaths } from '@/config/console-paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { ROLE, useSessionUser } from '@/stores/session';
import { showToast } from '@/stores/toasts';
import {
  useArchiveProduct,
  useConsoleCoupons,
  useConsoleProduct,
  useCreateProduct,
  usePutStock,
  useRefreshProduct,
  useUpdateProduct,
} from '../hooks/use-console';
import { messageOf, serverFields, staleCurrent } from '../utils/errors';
import {
  SIZES,
  SPEC_FIELDS,
  emptyForm,
  stockOf,
  toInput,
  unitsError,
  validateProduct,
  type FieldErrors,
  type ProductForm,
} from '../utils/product-rules';
import { BrandConsoleFrame, useBrandParam, useConsoleAllowed } from './console-frame';
import { Field, inputClass } from './field';
import { ProductImages } from './product-images';
import { ProductInsights } from './product-insights';
import styles from '@/components/console/console.module.css';

const SPEC_LABELS: Record<keyof Specifications, string> = {
  pattern: 'Pattern',
  length: 'Length',
  fabric: 'Fabric',
  sleeveLength: 'Sleeve length',
  fit: 'Fit',
  distress: 'Distress',
};

const genderOf = (gender: string): ProductGender =>
  gender === 'male' || gender === 'female' ? gender : 'unisex';

function formOf(product: ConsoleProduct): ProductForm {
  return {
    name: product.name,
    description: product.description,
    price: product.price.$numberDecimal,
    gender: genderOf(product.gender),
    category: product.category.map((category) => category._id).join(', '),
    tags: product.tags.join(', '),
    color: product.colour,
    specifications: { ...emptyForm().specifications, ...product.specifications },
    sizes: product.sizes,
    stock: Object.fromEntries(Object.entries(product.stock).map(([size, units]) => [size, String(units)])),
    offerPercentage: product.offerPercentage ? String(product.offerPercentage) : '',
    assignedCoupon: product.assignedCouponId ?? '',
    isActive: product.isActive,
  };
}

/** The gender's categories as checkboxes (ids kept comma-separated); the ids typed when none load. */
function CategoryPicker({
  gender,
  value,
  error,
  onChange,
  fallback,
}: {
  gender: ProductGender;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  fallback: ReactNode;
}) {
  const categories = useQuery({
    queryKey: ['console', 'categories', gender],
    queryFn: ({ signal }) => getCategoriesByGender(gender, signal),
  });
  const list = categories.data ?? [];
  if (list.length === 0) return <>{fallback}</>;
  const chosen = value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return (
    <fieldset className={styles.choices} aria-invalid={Boolean(error)}>
      <legend>Categories</legend>
      {list.map((category) => (
        <label key={category._id} className={styles.check}>
          <input
            type="checkbox"
            checked={chosen.includes(category._id)}
            onChange={(event) =>
              onChange(
                (event.target.checked
                  ? [...chosen, category._id]
                  : chosen.filter((id) => id !== category._id)
                ).join(', '),
              )
            }
          />{' '}
          {category.name}
        </label>
      ))}
      {error && (
        <span role="alert" className={styles.alert}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The brand's coupons to assign (its shoppers see the coupon on the product), or none. */
function CouponPicker({
  brandId,
  value,
  error,
  onChange,
}: {
  brandId: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (couponId: string) => void;
}) {
  const coupons = useConsoleCoupons(brandId);
  return (
    <Field label="Assigned coupon" error={error} hint="Shown on the product; one of the brand's coupons.">
      {(ids) => (
        <select
          {...ids}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">None</option>
          {(coupons.data?.coupons ?? []).map((coupon) => (
            <option key={coupon._id} value={coupon._id}>
              {coupon.coupon_code} · {coupon.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The details form: validates as typed (once a field is touched), the server's errors at the field. */
function DetailsForm({ product }: { product: ConsoleProduct | null }) {
  const navigate = useNavigate();
  const brandId = useBrandParam();
  const admin = useSessionUser().role === ROLE.admin;
  const refreshProduct = useRefreshProduct();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [form, setForm] = useState<ProductForm>(() => (product ? formOf(product) : emptyForm()));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [stale, setStale] = useState<ConsoleProduct | null>(null);
  const local = validateProduct(form);
  const errorOf = (key: string) =>
    server[key] ?? (submitted || touched.has(key) ? local[key] : undefined);
  const change = (key: string, next: Partial<ProductForm>) => {
    setForm((previous) => ({ ...previous, ...next }));
    setTouched((previous) => new Set(previous).add(key));
    setServer(({ [key]: _gone, ...rest }) => rest);
  };
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    const input = toInput(form);
    try {
      if (product) {
        const details: Partial<typeof input> = { ...input };
        delete details.stock;
        await update.mutateAsync({ id: product._id, patch: { ...details, version: product.version } });
        showToast({ type: 'success', message: 'Product saved.' });
      } else {
        const created = await create.mutateAsync({ ...input, brandId });
        showToast({ type: 'success', message: 'Product created.' });
        await navigate(consolePaths.brandProduct.getHref(created._id), { replace: true });
      }
    } catch (error) {
      const current = staleCurrent<ConsoleProduct>(error);
      if (current) {
        setStale(current);
        return;
      }
      setServer(serverFields(error));
      showToast({ type: 'error', message: messageOf(error) });
    }
  };

  const text = (key: 'name' | 'price' | 'category' | 'tags' | 'color' | 'offerPercentage', label: string, extra: { hint?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <Field label={label} error={errorOf(key)} hint={extra.hint}>
      {(ids) => (
        <input
          {...ids}
          className={inputClass}
          inputMode={extra.inputMode}
          value={form[key]}
          onChange={(event) => change(key, { [key]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form
      className={styles.panel}
      aria-label="Product details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={styles.panelTitle}>Details</h2>
      {stale && (
        <div role="alert" className={styles.alert}>
          <p>
            Someone else saved this product meanwhile (now version {stale.version}, “{stale.name}”, ₹
            {stale.price.$numberDecimal}). Your changes were not saved.
          </p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              refreshProduct(stale);
              setForm(formOf(stale));
              setStale(null);
              setServer({});
            }}
          >
            Reload the current version
          </button>
        </div>
      )}
      <div className={styles.formGrid}>
        {text('name', 'Name')}
        {text('price', 'Price (₹)', { inputMode: 'decimal' })}
        <Field label="Gender" error={errorOf('gender')}>
          {(ids) => (
            <select
              {...ids}
              className={inputClass}
              value={form.gender}
              onChange={(event) => change('gender', { gender: event.target.value as ProductGender })}
            >
              <option value="male">Men</option>
              <option value="female">Women</option>
              <option value="unisex">Unisex</option>
            </select>
          )}
        </Field>
        <CategoryPicker
          gender={form.gender}
          value={form.category}
          error={errorOf('category')}
          onChange={(category) => change('category', { category })}
          fallback={text('category', 'Categories', { hint: 'Category ids, separated by commas (1 to 5).' })}
        />
        {text('tags', 'Tags', { hint: 'Separated by commas.' })}
        {text('color', 'Colour')}
        {text('offerPercentage', 'Offer (%)', { inputMode: 'numeric' })}
        <CouponPicker
          brandId={brandId ?? (admin ? product?.brand._id : undefined)}
          value={form.assignedCoupon}
          error={errorOf('assignedCoupon')}
          onChange={(assignedCoupon) => change('assignedCoupon', { assignedCoupon })}
        />
        {SPEC_FIELDS.map((spec) => (
          <Field key={spec} label={SPEC_LABELS[spec]} error={errorOf(`specifications.${spec}`)}>
            {(ids) => (
              <input
                {...ids}
                className={inputClass}
                value={form.specifications[spec]}
                onChange={(event) =>
                  change(`specifications.${spec}`, {
                    specifications: { ...form.specifications, [spec]: event.target.value },
                  })
                }
              />
            )}
          </Field>
        ))}
      </div>
      <Field label="Description" error={errorOf('description')}>
        {(ids) => (
          <textarea
            {...ids}
            className={inputClass}
            rows={4}
            value={form.description}
            onChange={(event) => change('description', { description: event.target.value })}
          />
        )}
      </Field>
      <fieldset>
        <legend>Sizes</legend>
        {SIZES.map((size) => (
          <label key={size} className={styles.check}>
            <input
              type="checkbox"
              checked={form.sizes.includes(size)}
              onChange={(event) =>
                change('sizes', {
                  sizes: event.target.checked
                    ? SIZES.filter((item) => item === size || form.sizes.includes(item))
                    : form.sizes.filter((item) => item !== size),
                })
              }
            />{' '}
            {size}
          </label>
        ))}
        {errorOf('sizes') && (
          <span role="alert" className={styles.alert}>
            {errorOf('sizes')}
          </span>
        )}
      </fieldset>
      {!product &&
        form.sizes.map((size) => (
          <Field key={size} label={`Stock ${size}`} error={errorOf(`stock.${size}`)}>
            {(ids) => (
              <input
                {...ids}
                className={inputClass}
                inputMode="numeric"
                value={form.stock[size] ?? ''}
                onChange={(event) =>
                  change(`stock.${size}`, { stock: { ...form.stock, [size]: event.target.value } })
                }
              />
            )}
          </Field>
        ))}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.isActive}
          onChange={(event) => change('isActive', { isActive: event.target.checked })}
        />{' '}
        On sale (shoppers see it)
      </label>
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The stock grid: one input per size, saved together with PUT stock. */
function StockGrid({ product }: { product: ConsoleProduct }) {
  const putStock = usePutStock();
  const [stock, setStock] = useState<Record<string, string>>(() =>
    Object.fromEntries(product.sizes.map((size) => [size, String(product.stock[size] ?? 0)])),
  );
  const [server, setServer] = useState<FieldErrors>({});
  const errors = Object.fromEntries(
    product.sizes.flatMap((size) => {
      const error = server[`stock.${size}`] ?? unitsError(stock[size] ?? '');
      return error ? [[size, error]] : [];
    }),
  );
  const save = async () => {
    if (Object.keys(errors).length > 0) return;
    try {
      const form = { sizes: product.sizes, stock } as Pick<ProductForm, 'sizes' | 'stock'>;
      await putStock.mutateAsync({ id: product._id, stock: stockOf(form as ProductForm) });
      showToast({ type: 'success', message: 'Stock saved.' });
    } catch (error) {
      setServer(serverFields(error));
      showToast({ type: 'error', message: messageOf(error) });
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="stock-grid">
      <h2 id="stock-grid" className={styles.panelTitle}>
        Stock by size
      </h2>
      <div className={styles.formGrid}>
        {product.sizes.map((size) => (
          <Field key={size} label={`Stock ${size}`} error={errors[size]}>
            {(ids) => (
              <input
                {...ids}
                className={inputClass}
                inputMode="numeric"
                data-testid={`stock-${size}`}
                value={stock[size] ?? ''}
                onChange={(event) => {
                  setStock({ ...stock, [size]: event.target.value });
                  setServer(({ [`stock.${size}`]: _gone, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        ))}
      </div>
      <button
        type="button"
        className={styles.button}
        disabled={putStock.isPending}
        onClick={() => void save()}
      >
        {putStock.isPending ? 'Saving stock…' : 'Save stock'}
      </button>
    </section>
  );
}

/** Archive (after confirming) or restore. */
function ArchiveControls({ product }: { product: ConsoleProduct }) {
  const archive = useArchiveProduct();
  const update = useUpdateProduct();
  const [confirming, setConfirming] = useState(false);
  if (product.archived) {
    return (
      <button
        type="button"
        className={styles.button}
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { id: product._id, patch: { archived: false, version: product.version } },
            {
              onSuccess: () => showToast({ type: 'success', message: 'Product restored.' }),
              onError: (error) => showToast({ type: 'error', message: messageOf(error) }),
            },
          )
        }
      >
        Restore
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${styles.danger}`}
        onClick={() => setConfirming(true)}
      >
        Archive
      </button>
      {confirming && (
        <ConfirmDialog
          title="Archive this product?"
          message="Shoppers stop seeing it; orders and bags keep what they hold. You can restore it later."
          confirmLabel="Archive product"
          destructive
          busy={archive.isPending}
          onConfirm={() =>
            archive.mutate(product._id, {
              onSuccess: () => showToast({ type: 'success', message: 'Product archived.' }),
              onError: (error) => showToast({ type: 'error', message: messageOf(error) }),
              onSettled: () => setConfirming(false),
            })
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function Editor({ id }: { id: string | undefined }) {
  const query = useConsoleProduct(id);
  if (!id) return <DetailsForm product={null} />;
  if (query.isPending)
    return (
      <div role="status" className={styles.muted}>
        <Spinner color="purple" /> Loading the product…
      </div>
    );
  if (query.error instanceof ApiError && query.error.status === 404)
    return <p className={styles.muted}>Product not found.</p>;
  if (query.isError)
    return <ErrorState message="The product could not be loaded." onRetry={() => void query.refetch()} />;
  const product = query.data;
  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.badge}>
          {product.archived ? 'Archived' : product.isActive ? 'On sale' : 'Switched off'} · version{' '}
          {product.version}
        </span>
        <ArchiveControls product={product} />
      </div>
      <DetailsForm key={`details-${product.version}`} product={product} />
      <ProductImages product={product} />
      <StockGrid key={`stock-${product.version}`} product={product} />
      <ProductInsights productId={product._id} />
    </>
  );
}

/** /brand/products/new and /brand/products/:productId. */
export function ProductEditorPage() {
  const { productId } = useParams();
  const allowed = useConsoleAllowed();
  const id = productId && productId !== 'new' ? productId : undefined;
  return (
    <BrandConsoleFrame title={id ? 'Edit product' : 'New product'}>
      {allowed && <Editor id={id} />}
    </BrandConsoleFrame>
  );
}
