import { useCallback, useState, type FormEvent } from 'react';
import {
  BANNER_CATEGORIES,
  BANNER_DEVICES,
  type Banner,
  type BannerCategory,
  type BannerDevice,
  type BannerFields,
} from '@/api/admin-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/state-panel';
import { showToast } from '@/stores/toasts';
import { useBanners, useDeleteBanner, useSaveBanner } from '../hooks/use-admin';
import { fieldErrorsOf, isStale, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS } from '../utils/admin-texts';
import {
  bannerErrors,
  dayOf,
  draftOf,
  normalTags,
  type BannerDraft,
} from '../utils/banner-rules';
import { AdminConsole } from './admin-console';
import {
  FormRow,
  imageFileError,
  inputClass,
  QueryState,
  UploadBar,
  useChosenFile,
} from './admin-bits';
import { HeroPreview } from './hero-preview';
import styles from '@/components/console/console.module.css';

export const BANNER_TEXTS = {
  newBanner: 'New banner',
  filter: 'Filter by category',
  loading: 'Loading banners...',
  empty: 'No banners yet',
  emptyHint: 'Publish the first one with New banner.',
  published: (title: string) => `${title} published.`,
  saved: (title: string) => `${title} saved.`,
  deleteTitle: (title: string) => `Delete ${title}?`,
  deleteMessage: 'The banner is removed from every screen that shows it. This cannot be undone.',
  deleted: (title: string) => `${title} deleted.`,
} as const;

const CATEGORY_LABELS: Record<BannerCategory, string> = {
  hero: 'Home hero',
  trends: 'Trends',
  products: 'Products',
  brands: 'Brands',
  ui: 'Interface',
};
const DEVICE_LABELS: Record<BannerDevice, string> = {
  mobile: 'Phones',
  desktop: 'Desktops',
  all: 'All devices',
};

function period(banner: Banner) {
  const { startDate, endDate } = banner.displayPeriod;
  if (!startDate && !endDate) return 'Always';
  return `${dayOf(startDate) || '…'} – ${dayOf(endDate) || '…'}`;
}

type TextField = 'title' | 'tags' | 'campaign' | 'startDate' | 'endDate' | 'priority';

function BannerForm({
  banner,
  banners,
  onDone,
}: {
  banner: Banner | null;
  banners: readonly Banner[];
  onDone: () => void;
}) {
  const [base, setBase] = useState(banner);
  const [draft, setDraft] = useState<BannerDraft>(() => draftOf(banner));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const image = useChosenFile();
  const save = useSaveBanner();

  const fileError = imageFileError(image.file);
  const errors: Record<string, string> = {
    ...bannerErrors(draft, image.file !== null || base !== null),
    ...(fileError ? { file: fileError } : {}),
    ...serverErrors,
  };
  const shown = (field: string) => (touched[field] ? errors[field] : undefined);
  const change = <K extends keyof BannerDraft>(field: K, value: BannerDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ file: true, title: true, priority: true, endDate: true, tags: true });
    setAlert(null);
    const local = bannerErrors(draft, image.file !== null || base !== null);
    if (Object.keys(local).length > 0 || imageFileError(image.file)) return;
    const fields: BannerFields = {
      file: image.file ?? undefined,
      title: draft.title.trim(),
      category: draft.category,
      device: draft.device,
      tags: normalTags(draft.tags),
      campaign: draft.campaign.trim(),
      // Empty opens the period's end (and clears it on an edit).
      startDate: draft.startDate,
      endDate: draft.endDate,
      priority: Number(draft.priority),
      isActive: draft.isActive,
    };
    setProgress(image.file ? 0 : null);
    save.mutate(
      { id: base?._id ?? null, fields, version: base?.version, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          showToast({
            type: 'success',
            message: base ? BANNER_TEXTS.saved(saved.title) : BANNER_TEXTS.published(saved.title),
          });
          onDone();
        },
        onError: (error) => {
          setProgress(null);
          const current = isStale(error) ? (error.body.current as Banner | undefined) : undefined;
          if (current && typeof current.version === 'number') {
            setBase(current);
            setDraft(draftOf({ ...current, tags: current.tags ?? [] }));
            setAlert(ADMIN_TEXTS.stale);
          } else {
            setServerErrors(fieldErrorsOf(error));
            setAlert(messageOf(error));
          }
        },
      },
    );
  };

  const textRow = (field: TextField, label: string, type = 'text', hint?: string) => (
    <FormRow label={label} error={shown(field)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className={inputClass}
          value={draft[field]}
          inputMode={field === 'priority' ? 'numeric' : undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </FormRow>
  );

  const title = banner === null ? BANNER_TEXTS.newBanner : `Edit ${banner.title}`;
  const previewUrl = image.url ?? base?.url ?? null;
  return (
    <div className={styles.split}>
      <form className={styles.panel} aria-label={title} onSubmit={submit} noValidate>
        <h2 className={styles.panelTitle}>{title}</h2>
        {alert && (
          <p role="alert" className={styles.alert}>
            {alert}
          </p>
        )}
        <div className={styles.formGrid}>
          <FormRow
            label="Image"
            error={shown('file')}
            hint="JPEG, PNG or WebP, 1200 x 500, at most 10 MB."
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => {
                  image.choose(event.target.files?.[0] ?? null);
                  setTouched((current) => ({ ...current, file: true }));
                  setServerErrors(({ file: _, ...rest }) => rest);
                  setProgress(null);
                }}
              />
            )}
          </FormRow>
          {textRow('title', 'Title')}
          <FormRow label="Category" error={serverErrors.category}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={inputClass}
                value={draft.category}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => change('category', event.target.value as BannerCategory)}
              >
                {BANNER_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {CATEGORY_LABELS[category]}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
          <FormRow label="Device" error={serverErrors.device}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={inputClass}
                value={draft.device}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => change('device', event.target.value as BannerDevice)}
              >
                {BANNER_DEVICES.map((device) => (
                  <option key={device} value={device}>
                    {DEVICE_LABELS[device]}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
          {textRow('tags', 'Tags', 'text', 'Comma-separated: sale, diwali')}
          {textRow('campaign', 'Campaign')}
          {textRow('startDate', 'Start date', 'date')}
          {textRow('endDate', 'End date', 'date')}
          {textRow('priority', 'Priority', 'number', 'Higher shows first.')}
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(event) => change('isActive', event.target.checked)}
          />
          Active
        </label>
        <UploadBar label="Banner upload" fraction={progress} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : base === null ? 'Publish' : 'Save'}
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={onDone}
            disabled={save.isPending}
          >
            Cancel
          </button>
        </div>
      </form>
      <HeroPreview
        isHero={draft.category === 'hero'}
        live={banners.filter((b) => b.category === 'hero')}
        draft={{
          _id: base?._id ?? 'draft',
          title: draft.title.trim(),
          url: previewUrl,
          srcset: image.url ? '' : (base?.srcset ?? ''),
          priority: Number(draft.priority) || 0,
        }}
      />
    </div>
  );
}

/** /admin/banners: every banner; publish, edit and delete, with a preview of the home hero. */
export function BannersPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.banners.label}>
      <Banners />
    </AdminConsole>
  );
}

function Banners() {
  const [filter, setFilter] = useState<BannerCategory | ''>('');
  const [editing, setEditing] = useState<{ banner: Banner | null } | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const query = useBanners();
  const remove = useDeleteBanner();
  const closeDialog = useCallback(() => setDeleting(null), []);

  const confirmDelete = (banner: Banner) =>
    remove.mutate(banner._id, {
      onSuccess: () => showToast({ type: 'success', message: BANNER_TEXTS.deleted(banner.title) }),
      onError: (error) => showToast({ type: 'error', message: messageOf(error) }),
      onSettled: closeDialog,
    });

  const all = query.data ?? [];
  const banners = all.filter((banner) => !filter || banner.category === filter);

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label={BANNER_TEXTS.filter}>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={filter}
              onChange={(event) => setFilter(event.target.value as BannerCategory | '')}
            >
              <option value="">All</option>
              {BANNER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          )}
        </FormRow>
        <button
          type="button"
          className={styles.primary}
          onClick={() => setEditing({ banner: null })}
        >
          {BANNER_TEXTS.newBanner}
        </button>
      </div>

      {editing && (
        <BannerForm
          key={editing.banner?._id ?? 'new'}
          banner={editing.banner}
          banners={all}
          onDone={() => setEditing(null)}
        />
      )}

      {query.data === undefined ? (
        <QueryState
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={BANNER_TEXTS.loading}
        />
      ) : banners.length === 0 ? (
        <EmptyState title={BANNER_TEXTS.empty} hint={BANNER_TEXTS.emptyHint} />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Banners" tabIndex={0}>
          <table className={styles.table} aria-label="Banners">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Device</th>
                <th scope="col">Shown</th>
                <th scope="col">Priority</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {banners.map((banner) => (
                <tr key={banner._id}>
                  <td>
                    <img className={styles.wideThumb} src={banner.url} alt="" loading="lazy" />
                  </td>
                  <th scope="row">{banner.title}</th>
                  <td>{CATEGORY_LABELS[banner.category] ?? banner.category}</td>
                  <td>{DEVICE_LABELS[banner.device] ?? banner.device}</td>
                  <td>{period(banner)}</td>
                  <td>{banner.priority}</td>
                  <td>
                    <span className={banner.isActive ? styles.badgeOn : styles.badge}>
                      {banner.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.button}
                        aria-label={`Edit ${banner.title}`}
                        onClick={() => setEditing({ banner })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={styles.danger}
                        aria-label={`Delete ${banner.title}`}
                        onClick={() => setDeleting(banner)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {deleting && (
        <ConfirmDialog
          title={BANNER_TEXTS.deleteTitle(deleting.title)}
          message={BANNER_TEXTS.deleteMessage}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          destructive
          onConfirm={() => confirmDelete(deleting)}
          onCancel={closeDialog}
        />
      )}
    </>
  );
}
