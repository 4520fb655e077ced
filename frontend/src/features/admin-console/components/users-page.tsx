import { useCallback, useId, useState, type FormEvent } from 'react';
import { USER_ROLES, type AdminUser, type RoleName } from '@/api/admin-types';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { EmptyState } from '@/components/ui/state-panel';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { showToast } from '@/stores/toasts';
import { useAdminBrands, useAdminUsers, useSetUserRole } from '../hooks/use-admin';
import { fieldErrorsOf, isCode, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS } from '../utils/admin-texts';
import { AdminConsole } from './admin-console';
import { FormRow, inputClass, Pager, QueryState } from './admin-bits';
import styles from '@/components/console/console.module.css';

export const ROLE_LABELS: Record<RoleName, string> = {
  shopper: 'Shopper',
  brand: 'Brand team',
  admin: 'Admin',
};

const ROLE_NAMES: RoleName[] = ['shopper', 'brand', 'admin'];
const roleName = (role: number): RoleName =>
  ROLE_NAMES.find((name) => USER_ROLES[name] === role) ?? 'shopper';

export const USER_TEXTS = {
  search: 'Search users',
  loading: 'Loading users...',
  empty: 'No users found',
  emptyHint: 'Try another e-mail or name.',
  brandRequired: 'Choose the brand this person works for.',
  lastAdmin:
    'This is the last admin: the shop must keep at least one. Make someone else an admin first.',
  saved: (email: string | null, role: RoleName) =>
    `${email ?? 'The user'} is now ${ROLE_LABELS[role].toLowerCase()}.`,
} as const;

const joined = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
};

function RoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const titleId = useId();
  const [role, setRole] = useState<RoleName>(roleName(user.role));
  const [brandId, setBrandId] = useState(user.brand?._id ?? '');
  const [tried, setTried] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const brands = useAdminBrands('');
  const setUserRole = useSetUserRole();
  const brandError =
    role === 'brand' && !brandId && tried ? USER_TEXTS.brandRequired : serverErrors.brandId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setAlert(null);
    if (role === 'brand' && !brandId) return;
    setUserRole.mutate(
      { id: user._id, role, brandId: role === 'brand' ? brandId : null },
      {
        onSuccess: (saved) => {
          showToast({ type: 'success', message: USER_TEXTS.saved(saved.email, role) });
          onClose();
        },
        onError: (error) => {
          setServerErrors(fieldErrorsOf(error));
          setAlert(
            isCode(error, 'LAST_ADMIN') ? error.message || USER_TEXTS.lastAdmin : messageOf(error),
          );
        },
      },
    );
  };

  return (
    <Modal variant="dialog" onClose={onClose} labelledBy={titleId} className={styles.panel}>
      <ModalHeader
        titleId={titleId}
        title={`Change role of ${user.email ?? user._id}`}
        onClose={onClose}
      />
      <form className={styles.panel} onSubmit={submit} noValidate>
        {alert && (
          <p role="alert" className={styles.alert}>
            {alert}
          </p>
        )}
        <FormRow label="Role" error={serverErrors.role}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={inputClass}
              value={role}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setRole(event.target.value as RoleName)}
            >
              {ROLE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {ROLE_LABELS[name]}
                </option>
              ))}
            </select>
          )}
        </FormRow>
        {role === 'brand' && (
          <FormRow label="Brand" error={brandError}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={inputClass}
                value={brandId}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => setBrandId(event.target.value)}
              >
                <option value="">
                  {brands.isPending ? 'Loading brands...' : 'Choose a brand'}
                </option>
                {(brands.data ?? []).map((brand) => (
                  <option key={brand._id} value={brand._id}>
                    {brand.name}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={setUserRole.isPending}>
            {setUserRole.isPending ? 'Saving...' : 'Save role'}
          </button>
          <button type="button" className={styles.button} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** /admin/users: find people and change their role (shopper, a brand's team, admin). */
export function UsersPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.users.label}>
      <Users />
    </AdminConsole>
  );
}

function Users() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const debounced = useDebouncedValue(search, 250);
  const query = useAdminUsers(debounced, page);
  const close = useCallback(() => setChanging(null), []);

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label={USER_TEXTS.search} hint="E-mail or name.">
          {({ id, describedBy }) => (
            <input
              id={id}
              type="search"
              className={inputClass}
              value={search}
              aria-describedby={describedBy}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          )}
        </FormRow>
      </div>

      {query.data === undefined ? (
        <QueryState
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={USER_TEXTS.loading}
        />
      ) : query.data.users.length === 0 ? (
        <EmptyState title={USER_TEXTS.empty} hint={USER_TEXTS.emptyHint} />
      ) : (
        <>
          <div className={styles.tableWrap} role="region" aria-label="Users" tabIndex={0}>
            <table className={styles.table} aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Brand</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {query.data.users.map((user) => (
                  <tr key={user._id}>
                    <th scope="row">{user.email ?? '(erased)'}</th>
                    <td>{user.display_name}</td>
                    <td>{ROLE_LABELS[roleName(user.role)]}</td>
                    <td>{user.brand?.name ?? '—'}</td>
                    <td>{joined(user.createdAt)}</td>
                    <td>
                      <button
                        type="button"
                        className={styles.button}
                        aria-label={`Change role of ${user.email ?? user._id}`}
                        onClick={() => setChanging(user)}
                      >
                        Change role
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={query.data.page}
            total={query.data.total}
            limit={query.data.limit}
            onPage={setPage}
          />
        </>
      )}

      {changing && <RoleDialog user={changing} onClose={close} />}
    </>
  );
}
