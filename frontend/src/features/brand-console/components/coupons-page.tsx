import { useState } from 'react';
import type { ConsoleCoupon } from '@/api/console-types';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { showToast } from '@/stores/toasts';
import { useConsoleCoupons, useSaveCoupon } from '../hooks/use-console';
import { couponInput, emptyCoupon, validateCoupon, type CouponForm } from '../utils/coupon-rules';
import { messageOf, serverFields, staleCurrent } from '../utils/errors';
import type { FieldErrors } from '../utils/product-rules';
import { BrandConsoleFrame, useBrandParam, useConsoleAllowed } from './console-frame';
import { Field, inputClass } from './field';
import styles from '@/components/console/console.module.css';

const formOf = (coupon: ConsoleCoupon): CouponForm => ({
  coupon_code: coupon.coupon_code,
  title: coupon.title,
  discount_type: coupon.discount_type === 'flat' ? 'flat' : 'percentage',
  discount_value: String(coupon.discount_value),
  max_discount_amount: coupon.max_discount_amount?.$numberDecimal ?? '',
  min_order_value: coupon.min_order_value.$numberDecimal,
  valid_from: coupon.valid_from?.slice(0, 10) ?? '',
  valid_until: coupon.valid_until?.slice(0, 10) ?? '',
  usage_limit: coupon.usage_limit == null ? '' : String(coupon.usage_limit),
  per_user_limit: coupon.per_user_limit == null ? '' : String(coupon.per_user_limit),
  products: coupon.products.join(', '),
  is_active: coupon.is_active,
});

type TextKey = Exclude<keyof CouponForm, 'is_active' | 'discount_type'>;

function CouponEditor({ coupon, onDone }: { coupon: ConsoleCoupon | null; onDone: () => void }) {
  const brandId = useBrandParam();
  const save = useSaveCoupon();
  const [form, setForm] = useState<CouponForm>(() => (coupon ? formOf(coupon) : emptyCoupon()));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [version, setVersion] = useState(coupon?.version);
  const [stale, setStale] = useState<ConsoleCoupon | null>(null);
  const local = validateCoupon(form);
  const errorOf = (key: string) => server[key] ?? (submitted || touched.has(key) ? local[key] : undefined);
  const change = (key: keyof CouponForm, value: CouponForm[keyof CouponForm]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setTouched((previous) => new Set(previous).add(key));
    setServer(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    try {
      await save.mutateAsync({ id: coupon?._id, input: { ...couponInput(form), brandId }, version });
      showToast({ type: 'success', message: coupon ? 'Coupon saved.' : 'Coupon created.' });
      onDone();
    } catch (error) {
      const current = staleCurrent<ConsoleCoupon>(error);
      if (current) {
        setStale(current);
        return;
      }
      const fields = serverFields(error);
      if (error instanceof Error && 'code' in error && error.code === 'COUPON_CODE_TAKEN')
        fields.coupon_code = error.message;
      setServer(fields);
      showToast({ type: 'error', message: messageOf(error) });
    }
  };

  const text = (key: TextKey, label: string, type = 'text', hint?: string) => (
    <Field label={label} error={errorOf(key)} hint={hint}>
      {(ids) => (
        <input
          {...ids}
          type={type}
          className={inputClass}
          value={form[key]}
          onChange={(event) => change(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className={styles.panel}
      aria-label={coupon ? 'Edit coupon' : 'New coupon'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {stale && (
        <div role="alert" className={styles.alert}>
          <p>Someone else saved this coupon meanwhile (version {stale.version}).</p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setForm(formOf(stale));
              setVersion(stale.version);
              setStale(null);
            }}
          >
            Reload the current version
          </button>
        </div>
      )}
      <div className={styles.formGrid}>
        {text('coupon_code', 'Code')}
        {text('title', 'Title')}
        <Field label="Discount type" error={errorOf('discount_type')}>
          {(ids) => (
            <select
              {...ids}
              className={inputClass}
              value={form.discount_type}
              onChange={(event) => change('discount_type', event.target.value)}
            >
              <option value="percentage">Percentage</option>
              <option value="flat">Flat (₹)</option>
            </select>
          )}
        </Field>
        {text('discount_value', form.discount_type === 'percentage' ? 'Discount (%)' : 'Discount (₹)')}
        {form.discount_type === 'percentage' &&
          text('max_discount_amount', 'Maximum discount (₹)', 'text', 'Empty for no cap.')}
        {text('min_order_value', 'Minimum order (₹)')}
        {text('valid_from', 'Valid from', 'date')}
        {text('valid_until', 'Valid until', 'date', 'Empty for no end.')}
        {text('usage_limit', 'Usage limit (total)', 'text', 'Empty for no limit.')}
        {text('per_user_limit', 'Per shopper limit', 'text', 'Empty for no limit.')}
        {text('products', 'Products', 'text', 'Product ids, separated by commas; empty for every product.')}
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.is_active}
          onChange={(event) => change('is_active', event.target.checked)}
        />{' '}
        Active
      </label>
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={save.isPending}>
          {coupon ? 'Save coupon' : 'Create coupon'}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Coupons() {
  const brandId = useBrandParam();
  const query = useConsoleCoupons(brandId);
  const [editing, setEditing] = useState<ConsoleCoupon | 'new' | null>(null);
  if (query.isPending)
    return (
      <div role="status" className={styles.muted}>
        <Spinner color="purple" /> Loading coupons…
      </div>
    );
  if (query.isError)
    return <ErrorState message="The coupons could not be loaded." onRetry={() => void query.refetch()} />;
  const coupons = query.data.coupons;
  return (
    <>
      {editing ? (
        <CouponEditor
          key={editing === 'new' ? 'new' : editing._id}
          coupon={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className={styles.toolbar}>
          <button type="button" className={`${styles.button} ${styles.primary}`} onClick={() => setEditing('new')}>
            New coupon
          </button>
        </div>
      )}
      {coupons.length === 0 ? (
        <p className={styles.muted}>No coupons yet.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Coupons" tabIndex={0}>
          <table className={styles.table} aria-label="Coupons">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Title</th>
                <th scope="col">Discount</th>
                <th scope="col">Used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon._id}>
                  <th scope="row">{coupon.coupon_code}</th>
                  <td>{coupon.title}</td>
                  <td>
                    {coupon.discount_type === 'percentage'
                      ? `${coupon.discount_value}%`
                      : `₹${coupon.discount_value}`}
                  </td>
                  <td>
                    {coupon.times_used}
                    {coupon.usage_limit !== null && ` / ${coupon.usage_limit}`}
                  </td>
                  <td>{coupon.is_currently_valid ? 'Valid now' : coupon.is_active ? 'Not in period' : 'Off'}</td>
                  <td>
                    <button
                      type="button"
                      className={styles.button}
                      aria-label={`Edit ${coupon.coupon_code}`}
                      onClick={() => setEditing(coupon)}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /brand/coupons: the brand's coupons and the form for one. */
export function CouponsPage() {
  const allowed = useConsoleAllowed();
  return <BrandConsoleFrame title="Coupons">{allowed && <Coupons />}</BrandConsoleFrame>;
}
