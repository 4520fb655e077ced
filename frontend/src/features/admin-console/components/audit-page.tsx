import { Fragment, useState } from 'react';
import type { AuditEntry } from '@/api/admin-types';
import { EmptyState } from '@/components/ui/state-panel';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAudit, useUserByEmail } from '../hooks/use-admin';
import { changesOf } from '../utils/audit-diff';
import { ADMIN_TEXTS } from '../utils/admin-texts';
import { AdminConsole } from './admin-console';
import { FormRow, inputClass, Pager, QueryState } from './admin-bits';
import styles from '@/components/console/console.module.css';

/** The kinds of record the consoles write (the audit trail's `entity`). */
export const AUDIT_ENTITIES = [
  'brand',
  'category',
  'banner',
  'user',
  'product',
  'coupon',
  'payout',
] as const;

export const AUDIT_TEXTS = {
  loading: 'Loading the audit log...',
  empty: 'No changes recorded',
  noSuchActor: 'Nobody has that e-mail.',
  emptyHint: 'Every console change shows up here: who, when, before and after.',
  noChanges: 'Nothing changed.',
} as const;

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
};

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <p className={styles.muted}>{AUDIT_TEXTS.noChanges}</p>;
  return (
    <dl className={styles.diff} aria-label={`Changes of ${entry.entity} ${entry.entityId}`}>
      {changes.map((change) => (
        <Fragment key={change.key}>
          <dt>{change.key}</dt>
          <dd className={styles.removed}>
            {change.before === null ? (
              <span className={styles.muted}>(none)</span>
            ) : (
              <>
                <span className="visually-hidden">before: </span>
                {change.before}
              </>
            )}
          </dd>
          <dd className={styles.added}>
            {change.after === null ? (
              <span className={styles.muted}>(none)</span>
            ) : (
              <>
                <span className="visually-hidden">after: </span>
                {change.after}
              </>
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** /admin/audit: every console write, filtered by who and what, newest first, paged. */
export function AuditPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.audit.label}>
      <Audit />
    </AdminConsole>
  );
}

function Audit() {
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const typed = useDebouncedValue(actor, 300).trim();
  // An e-mail is looked up to its user's id, which the trail is filtered by; an id is taken as is.
  const byEmail = typed.includes('@');
  const person = useUserByEmail(byEmail ? typed : '');
  const actorId = byEmail ? (person.data?._id ?? '') : typed;
  const unknownActor = byEmail && person.data === null;
  const query = useAudit({ actor: actorId, entity, page }, !byEmail || Boolean(person.data));
  const onlyBy = (email: string | null, id: string) => {
    setActor(email ?? id);
    setPage(1);
  };

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow
          label="Actor"
          hint="E-mail (or id) of who made the change."
          error={unknownActor ? AUDIT_TEXTS.noSuchActor : undefined}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="search"
              className={inputClass}
              value={actor}
              aria-describedby={describedBy}
              onChange={(event) => {
                setActor(event.target.value);
                setPage(1);
              }}
            />
          )}
        </FormRow>
        <FormRow label="Entity">
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={entity}
              onChange={(event) => {
                setEntity(event.target.value);
                setPage(1);
              }}
            >
              <option value="">All</option>
              {AUDIT_ENTITIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormRow>
      </div>

      {unknownActor ? null : query.data === undefined ? (
        <QueryState
          isPending={query.isPending || (byEmail && person.isPending)}
          error={query.error ?? person.error}
          onRetry={() => void query.refetch()}
          loading={AUDIT_TEXTS.loading}
        />
      ) : query.data.entries.length === 0 ? (
        <EmptyState title={AUDIT_TEXTS.empty} hint={AUDIT_TEXTS.emptyHint} />
      ) : (
        <>
          <div className={styles.tableWrap} role="region" aria-label="Audit log" tabIndex={0}>
            <table className={styles.table} aria-label="Audit log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Entity</th>
                  <th scope="col">Record</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {query.data.entries.map((entry) => {
                  const expanded = open === entry._id;
                  const detailsId = `audit-${entry._id}`;
                  return (
                    <Fragment key={entry._id}>
                      <tr>
                        <td>{when(entry.at)}</td>
                        <th scope="row">
                          <button
                            type="button"
                            className={styles.linkButton}
                            title="Only this person's changes"
                            onClick={() => onlyBy(entry.actor.email, entry.actor._id)}
                          >
                            {entry.actor.email ?? entry.actor._id}
                          </button>
                        </th>
                        <td>{entry.action}</td>
                        <td>{entry.entity}</td>
                        <td>{entry.entityId}</td>
                        <td>
                          <button
                            type="button"
                            className={styles.button}
                            aria-expanded={expanded}
                            aria-controls={expanded ? detailsId : undefined}
                            onClick={() => setOpen(expanded ? null : entry._id)}
                          >
                            {expanded ? 'Hide changes' : 'Show changes'}
                          </button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr id={detailsId}>
                          <td colSpan={6}>
                            <Changes entry={entry} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
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
    </>
  );
}
