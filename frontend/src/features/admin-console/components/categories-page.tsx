import { useCallback, useState, type FormEvent } from 'react';
import { ADMIN_GENDERS, type AdminCategory, type AdminGender } from '@/api/admin-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/state-panel';
import { showToast } from '@/stores/toasts';
import {
  useAdminCategories,
  useDeleteCategory,
  useOrderCategories,
  useSaveCategory,
} from '../hooks/use-admin';
import { fieldErrorsOf, isCode, isStale, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS, GENDER_LABELS } from '../utils/admin-texts';
import { movedOrder, treeOf } from '../utils/category-tree';
import { AdminConsole } from './admin-console';
import { FormRow, inputClass, QueryState } from './admin-bits';
import styles from '@/components/console/console.module.css';

export const CATEGORY_TEXTS = {
  newCategory: 'New category',
  loading: 'Loading categories...',
  empty: (gender: string) => `No categories for ${gender} yet`,
  emptyHint: 'Create the first one with New category.',
  nameRequired: 'Enter the category name.',
  nameTooLong: 'At most 60 characters.',
  topLevel: 'None (top level)',
  saved: (name: string) => `${name} saved.`,
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteMessage: 'The category is removed from the shop. This cannot be undone.',
  deleted: (name: string) => `${name} deleted.`,
  inUse: (name: string, count: number) =>
    `${name} cannot be deleted: ${count} ${count === 1 ? 'product uses' : 'products use'} it. ` +
    'Move them to another category first.',
  reordered: 'Order saved.',
} as const;

interface CategoryDraft {
  name: string;
  gender: AdminGender;
  parentId: string;
  image: string;
}

function CategoryForm({
  category,
  gender,
  categories,
  onDone,
}: {
  category: AdminCategory | null;
  gender: AdminGender;
  categories: AdminCategory[];
  onDone: () => void;
}) {
  const [base, setBase] = useState(category);
  const [draft, setDraft] = useState<CategoryDraft>(() => ({
    name: category?.name ?? '',
    gender: category?.gender ?? gender,
    parentId: category?.parentCategory?._id ?? '',
    image: category?.image ?? '',
  }));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveCategory();

  const nameError = !draft.name.trim()
    ? CATEGORY_TEXTS.nameRequired
    : draft.name.trim().length > 60
      ? CATEGORY_TEXTS.nameTooLong
      : undefined;
  const change = <K extends keyof CategoryDraft>(field: K, value: CategoryDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'name') setTouched(true);
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  // A parent is a top-level category of the same gender, never the category itself.
  const parents = categories.filter(
    (c) => c.parentCategory === null && c.gender === draft.gender && c._id !== base?._id,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setAlert(null);
    if (nameError) return;
    const parentId = draft.parentId || null;
    const input =
      base === null
        ? {
            id: null,
            category: {
              name: draft.name.trim(),
              gender: draft.gender,
              parentId,
              image: draft.image.trim(),
            },
          }
        : {
            id: base._id,
            category: {
              name: draft.name.trim(),
              parentId,
              image: draft.image.trim(),
              version: base.version,
            },
          };
    save.mutate(input, {
      onSuccess: (saved) => {
        showToast({ type: 'success', message: CATEGORY_TEXTS.saved(saved.name) });
        onDone();
      },
      onError: (error) => {
        const current = isStale(error)
          ? (error.body.current as AdminCategory | undefined)
          : undefined;
        if (current && typeof current.version === 'number') {
          setBase(current);
          setDraft({
            name: current.name,
            gender: current.gender,
            parentId: current.parentCategory?._id ?? '',
            image: current.image,
          });
          setAlert(ADMIN_TEXTS.stale);
        } else {
          setServerErrors(fieldErrorsOf(error));
          setAlert(messageOf(error));
        }
      },
    });
  };

  const title = category === null ? CATEGORY_TEXTS.newCategory : `Edit ${category.name}`;
  return (
    <form className={styles.panel} aria-label={title} onSubmit={submit} noValidate>
      <h2 className={styles.panelTitle}>{title}</h2>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <div className={styles.formGrid}>
        <FormRow label="Name" error={(touched ? nameError : undefined) ?? serverErrors.name}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={draft.name}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </FormRow>
        {base === null && (
          <FormRow label="Gender" error={serverErrors.gender}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={inputClass}
                value={draft.gender}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => {
                  change('gender', event.target.value as AdminGender);
                  change('parentId', '');
                }}
              >
                {ADMIN_GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_LABELS[g]}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
        )}
        <FormRow label="Parent" error={serverErrors.parentId}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={inputClass}
              value={draft.parentId}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('parentId', event.target.value)}
            >
              <option value="">{CATEGORY_TEXTS.topLevel}</option>
              {parents.map((parent) => (
                <option key={parent._id} value={parent._id}>
                  {parent.name}
                </option>
              ))}
            </select>
          )}
        </FormRow>
        <FormRow label="Image address" error={serverErrors.image} hint="Optional: a picture URL.">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={draft.image}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => change('image', event.target.value)}
            />
          )}
        </FormRow>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={styles.button} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CategoryRow({
  category,
  siblings,
  onEdit,
  onDelete,
  onMove,
  moving,
}: {
  category: AdminCategory;
  siblings: AdminCategory[];
  onEdit: () => void;
  onDelete: () => void;
  onMove: (ids: string[]) => void;
  moving: boolean;
}) {
  const up = movedOrder(siblings, category._id, -1);
  const down = movedOrder(siblings, category._id, 1);
  return (
    <div className={styles.treeRow}>
      <span className={styles.treeName}>{category.name}</span>
      <span className={styles.muted}>
        {category.productCount} {category.productCount === 1 ? 'product' : 'products'}
      </span>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          aria-label={`Move ${category.name} up`}
          disabled={!up || moving}
          onClick={() => up && onMove(up)}
        >
          ↑
        </button>
        <button
          type="button"
          className={styles.button}
          aria-label={`Move ${category.name} down`}
          disabled={!down || moving}
          onClick={() => down && onMove(down)}
        >
          ↓
        </button>
        <button
          type="button"
          className={styles.button}
          aria-label={`Edit ${category.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className={styles.danger}
          aria-label={`Delete ${category.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

/** /admin/categories: each gender's tree in display order; create, edit, move, delete. */
export function CategoriesPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.categories.label}>
      <Categories />
    </AdminConsole>
  );
}

function Categories() {
  const [gender, setGender] = useState<AdminGender>('female');
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const query = useAdminCategories();
  const remove = useDeleteCategory();
  const order = useOrderCategories();
  const closeDialog = useCallback(() => setDeleting(null), []);

  const confirmDelete = (category: AdminCategory) =>
    remove.mutate(category._id, {
      onSuccess: () => {
        setProblem(null);
        showToast({ type: 'success', message: CATEGORY_TEXTS.deleted(category.name) });
      },
      onError: (error) => {
        const count = isCode(error, 'IN_USE') ? Number(error.body.count ?? 0) : null;
        setProblem(count === null ? messageOf(error) : CATEGORY_TEXTS.inUse(category.name, count));
      },
      onSettled: closeDialog,
    });

  const move = (ids: string[]) =>
    order.mutate(ids, {
      onSuccess: () => showToast({ type: 'success', message: CATEGORY_TEXTS.reordered }),
      onError: (error) => showToast({ type: 'error', message: messageOf(error) }),
    });

  const categories = query.data;
  const tree = categories ? treeOf(categories, gender) : [];
  const roots = tree.map((node) => node.category);
  const rowProps = (category: AdminCategory, siblings: AdminCategory[]) => ({
    category,
    siblings,
    moving: order.isPending,
    onMove: move,
    onEdit: () => setEditing({ category }),
    onDelete: () => {
      setProblem(null);
      setDeleting(category);
    },
  });

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label="Gender">
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={gender}
              onChange={(event) => setGender(event.target.value as AdminGender)}
            >
              {ADMIN_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </select>
          )}
        </FormRow>
        <button
          type="button"
          className={styles.primary}
          onClick={() => setEditing({ category: null })}
        >
          {CATEGORY_TEXTS.newCategory}
        </button>
      </div>

      {problem && (
        <p role="alert" className={styles.alert}>
          {problem}
        </p>
      )}

      {editing && categories && (
        <CategoryForm
          key={editing.category?._id ?? `new-${gender}`}
          category={editing.category}
          gender={gender}
          categories={categories}
          onDone={() => setEditing(null)}
        />
      )}

      {categories === undefined ? (
        <QueryState
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={CATEGORY_TEXTS.loading}
        />
      ) : tree.length === 0 ? (
        <EmptyState
          title={CATEGORY_TEXTS.empty(GENDER_LABELS[gender])}
          hint={CATEGORY_TEXTS.emptyHint}
        />
      ) : (
        <ul className={styles.tree} aria-label={`${GENDER_LABELS[gender]} categories`}>
          {tree.map((node) => (
            <li key={node.category._id}>
              <CategoryRow {...rowProps(node.category, roots)} />
              {node.children.length > 0 && (
                <ul aria-label={`${node.category.name} subcategories`}>
                  {node.children.map((child) => (
                    <li key={child._id}>
                      <CategoryRow {...rowProps(child, node.children)} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}

      {deleting && (
        <ConfirmDialog
          title={CATEGORY_TEXTS.deleteTitle(deleting.name)}
          message={CATEGORY_TEXTS.deleteMessage}
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
