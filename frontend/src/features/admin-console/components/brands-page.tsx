import { useCallback, useState, type FormEvent } from 'react';
import { ADMIN_GENDERS, type AdminBrand, type AdminGender } from '@/api/admin-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/state-panel';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { showToast } from '@/stores/toasts';
import { useAdminBrands, useSaveBrand, useUploadBrandLogo } from '../hooks/use-admin';
import { fieldErrorsOf, isStale, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS, GENDER_LABELS } from '../utils/admin-texts';
import { AdminConsole } from './admin-console';
import {
  FormRow,
  imageFileError,
  inputClass,
  QueryState,
  UploadBar,
  useChosenFile,
} from './admin-bits';
import styles from '@/components/console/console.module.css';

export const BRAND_TEXTS = {
  newBrand: 'New brand',
  search: 'Search brands',
  status: 'Status',
  loading: 'Loading brands...',
  empty: 'No brands found',
  emptyHint: 'Create the first one with New brand.',
  nameRequired: 'Enter the brand name.',
  nameTooLong: 'At most 100 characters.',
  descriptionTooLong: 'At most 2000 characters.',
  commissionRateInvalid: 'A percentage from 0 to 50, with at most 2 decimals.',
  commissionRateHint: 'The share of the brand\'s sales the shop keeps, 0 to 50%.',
  saved: (name: string) => `${name} saved.`,
  logoSaved: (name: string) => `${name}'s logo uploaded.`,
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateMessage:
    'Deactivating the brand hides its products from shoppers. Orders already placed are kept. ' +
    'You can activate it again at any time.',
  deactivated: (name: string) => `${name} deactivated: its products are hidden.`,
  activated: (name: string) => `${name} activated.`,
} as const;

type StatusFilter = 'all' | 'active' | 'inactive';
type BrandSort = 'name' | 'products';

const SORTS: Record<BrandSort, (a: AdminBrand, b: AdminBrand) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  products: (a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name),
};

interface BrandDraft {
  name: string;
  gender: AdminGender;
  isActive: boolean;
  description: string;
  /** A percentage as typed. */
  commissionRate: string;
}

const draftOf = (brand: AdminBrand | null): BrandDraft => ({
  name: brand?.name ?? '',
  gender: brand?.gender ?? 'unisex',
  isActive: brand?.isActive ?? true,
  description: brand?.description ?? '',
  commissionRate: String(brand?.commissionRate ?? 0),
});

/** A commission rate as typed: a number from 0 to 50 with at most 2 decimals, or null. */
export function parseCommissionRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/u.test(trimmed)) return null;
  const rate = Number(trimmed);
  return rate >= 0 && rate <= 50 ? rate : null;
}

function validate(draft: BrandDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = BRAND_TEXTS.nameRequired;
  else if (draft.name.trim().length > 100) errors.name = BRAND_TEXTS.nameTooLong;
  if (draft.description.length > 2000) errors.description = BRAND_TEXTS.descriptionTooLong;
  if (parseCommissionRate(draft.commissionRate) === null) {
    errors.commissionRate = BRAND_TEXTS.commissionRateInvalid;
  }
  return errors;
}

/** Create or edit one brand, its logo with it. */
function BrandForm({ brand, onDone }: { brand: AdminBrand | null; onDone: () => void }) {
  const [base, setBase] = useState(brand);
  const [draft, setDraft] = useState(() => draftOf(brand));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { file: logo, url: logoUrl, choose: setLogo } = useChosenFile();
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveBrand();
  const upload = useUploadBrandLogo();

  const errors = { ...validate(draft), ...serverErrors };
  const logoError = imageFileError(logo) ?? serverErrors.file;
  const shown = (field: string) => (touched[field] ? errors[field] : undefined);
  const change = <K extends keyof BrandDraft>(field: K, value: BrandDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  const busy = save.isPending || upload.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, description: true, commissionRate: true });
    setAlert(null);
    if (Object.keys(validate(draft)).length > 0 || logoError) return;
    const fields = {
      name: draft.name.trim(),
      gender: draft.gender,
      isActive: draft.isActive,
      description: draft.description.trim(),
    };
    let saved: AdminBrand;
    try {
      saved = await save.mutateAsync(
        base === null
          ? { id: null, brand: fields }
          : {
              id: base._id,
              brand: {
                ...fields,
                commissionRate: parseCommissionRate(draft.commissionRate) ?? 0,
                version: base.version,
              },
            },
      );
    } catch (error) {
      if (isStale(error) && isBrandShape(error.body.current)) {
        setBase(error.body.current);
        setDraft(draftOf(error.body.current));
        setAlert(ADMIN_TEXTS.stale);
      } else {
        setServerErrors(fieldErrorsOf(error));
        setAlert(messageOf(error));
      }
      return;
    }
    setBase(saved);
    if (logo) {
      setProgress(0);
      try {
        await upload.mutateAsync({ id: saved._id, file: logo, onProgress: setProgress });
        showToast({ type: 'success', message: BRAND_TEXTS.logoSaved(saved.name) });
      } catch (error) {
        setProgress(null);
        setServerErrors(fieldErrorsOf(error));
        setAlert(messageOf(error));
        return;
      }
    }
    showToast({ type: 'success', message: BRAND_TEXTS.saved(saved.name) });
    onDone();
  };

  const title = brand === null ? BRAND_TEXTS.newBrand : `Edit ${brand.name}`;
  return (
    <form
      className={styles.panel}
      aria-label={title}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 className={styles.panelTitle}>{title}</h2>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <div className={styles.formGrid}>
        <FormRow label="Name" error={shown('name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={draft.name}
              maxLength={120}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </FormRow>
        <FormRow label="Gender" error={shown('gender')}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={inputClass}
              value={draft.gender}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('gender', event.target.value as AdminGender)}
            >
              {ADMIN_GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </select>
          )}
        </FormRow>
        <FormRow label="Logo" error={logoError} hint="JPEG, PNG or WebP, at most 10 MB.">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => {
                setLogo(event.target.files?.[0] ?? null);
                setProgress(null);
                setServerErrors(({ file: _, ...rest }) => rest);
              }}
            />
          )}
        </FormRow>
        {(logoUrl ?? base?.logo_url) && (
          <img
            className={styles.thumb}
            src={logoUrl ?? base?.logo_url ?? ''}
            alt={logoUrl ? 'New logo preview' : 'Current logo'}
          />
        )}
      </div>
      <FormRow label="Description" error={shown('description')}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className={inputClass}
            rows={3}
            value={draft.description}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => change('description', event.target.value)}
          />
        )}
      </FormRow>
      {base !== null && (
        <FormRow
          label="Commission rate (%)"
          error={shown('commissionRate')}
          hint={BRAND_TEXTS.commissionRateHint}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              inputMode="decimal"
              value={draft.commissionRate}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('commissionRate', event.target.value)}
            />
          )}
        </FormRow>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => change('isActive', event.target.checked)}
        />
        Active
      </label>
      <UploadBar label="Logo upload" fraction={progress} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={styles.button} onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function isBrandShape(value: unknown): value is AdminBrand {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AdminBrand)._id === 'string' &&
    typeof (value as AdminBrand).version === 'number'
  );
}

/** /admin/brands: every brand, searched and filtered; create, edit, logo, (de)activate. */
export function BrandsPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.brands.label}>
      <Brands />
    </AdminConsole>
  );
}

function Brands() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<BrandSort>('name');
  const [editing, setEditing] = useState<{ brand: AdminBrand | null } | null>(null);
  const [deactivating, setDeactivating] = useState<AdminBrand | null>(null);
  const debounced = useDebouncedValue(search, 250);
  const query = useAdminBrands(debounced);
  const toggle = useSaveBrand();
  const closeDialog = useCallback(() => setDeactivating(null), []);

  const setActive = (brand: AdminBrand, isActive: boolean) =>
    toggle.mutate(
      { id: brand._id, brand: { isActive, version: brand.version } },
      {
        onSuccess: (saved) =>
          showToast({
            type: 'success',
            message: isActive
              ? BRAND_TEXTS.activated(saved.name)
              : BRAND_TEXTS.deactivated(saved.name),
          }),
        onError: (error) =>
          showToast({ type: 'error', message: isStale(error) ? ADMIN_TEXTS.stale : messageOf(error) }),
        onSettled: closeDialog,
      },
    );

  const brands = (query.data ?? [])
    .filter((brand) => status === 'all' || brand.isActive === (status === 'active'))
    .sort(SORTS[sort]);

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label={BRAND_TEXTS.search}>
          {({ id }) => (
            <input
              id={id}
              type="search"
              className={inputClass}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </FormRow>
        <FormRow label={BRAND_TEXTS.status}>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              <option value="all">All</option>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          )}
        </FormRow>
        <FormRow label="Sort by">
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={sort}
              onChange={(event) => setSort(event.target.value as BrandSort)}
            >
              <option value="name">Name</option>
              <option value="products">Most products</option>
            </select>
          )}
        </FormRow>
        <button
          type="button"
          className={styles.primary}
          onClick={() => setEditing({ brand: null })}
        >
          {BRAND_TEXTS.newBrand}
        </button>
      </div>

      {editing && (
        <BrandForm
          key={editing.brand?._id ?? 'new'}
          brand={editing.brand}
          onDone={() => setEditing(null)}
        />
      )}

      {query.data === undefined ? (
        <QueryState
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={BRAND_TEXTS.loading}
        />
      ) : brands.length === 0 ? (
        <EmptyState title={BRAND_TEXTS.empty} hint={BRAND_TEXTS.emptyHint} />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Brands" tabIndex={0}>
          <table className={styles.table} aria-label="Brands">
            <thead>
              <tr>
                <th scope="col">Logo</th>
                <th scope="col">Name</th>
                <th scope="col">Gender</th>
                <th scope="col">Products</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {brands.map((brand) => (
                <tr key={brand._id}>
                  <td>
                    {brand.logo_url ? (
                      <img className={styles.thumb} src={brand.logo_url} alt="" />
                    ) : (
                      <span className={styles.thumb} />
                    )}
                  </td>
                  <th scope="row">{brand.name}</th>
                  <td>{GENDER_LABELS[brand.gender] ?? brand.gender}</td>
                  <td>{brand.productCount}</td>
                  <td>
                    <span className={brand.isActive ? styles.badgeOn : styles.badge}>
                      {brand.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.button}
                        aria-label={`Edit ${brand.name}`}
                        onClick={() => setEditing({ brand })}
                      >
                        Edit
                      </button>
                      {brand.isActive ? (
                        <button
                          type="button"
                          className={styles.danger}
                          aria-label={`Deactivate ${brand.name}`}
                          onClick={() => setDeactivating(brand)}
                        >
                          Deactivate
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={styles.button}
                          aria-label={`Activate ${brand.name}`}
                          disabled={toggle.isPending}
                          onClick={() => setActive(brand, true)}
                        >
                          Activate
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {deactivating && (
        <ConfirmDialog
          title={BRAND_TEXTS.deactivateTitle(deactivating.name)}
          message={BRAND_TEXTS.deactivateMessage}
          confirmLabel="Deactivate"
          busyLabel="Deactivating..."
          busy={toggle.isPending}
          destructive
          onConfirm={() => setActive(deactivating, false)}
          onCancel={closeDialog}
        />
      )}
    </>
  );
}
