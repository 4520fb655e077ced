import { Fragment, useId, useState, type FormEvent } from 'react';
import type { ApplicationStatus, BrandApplication } from '@/api/brand-applications-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { EmptyState } from '@/components/ui/state-panel';
import { showToast } from '@/stores/toasts';
import { useAdminApplications, useDecideApplication } from '../hooks/use-applications';
import { fieldErrorsOf, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS, GENDER_LABELS } from '../utils/admin-texts';
import { AdminConsole } from './admin-console';
import { FormRow, inputClass, QueryState } from './admin-bits';
import styles from '@/components/console/console.module.css';
import own from './applications-page.module.css';

export const APPLICATION_TEXTS = {
  loading: 'Loading applications...',
  empty: 'No applications here',
  emptyHint: 'Applications shoppers send from "Open your brand on Casa" show here.',
  status: 'Status',
  statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', '': 'All' },
  review: 'Review',
  approve: 'Approve',
  approving: 'Approving...',
  reject: 'Reject',
  rejecting: 'Rejecting...',
  reason: 'Reason (mailed to the applicant)',
  confirmApprove: (name: string) => `Approve ${name}?`,
  confirmApproveText: (name: string, email: string) =>
    `This creates the brand ${name} and makes ${email} its team. They are mailed at once.`,
  approved: (name: string) => `${name} is open: the applicant now runs it.`,
  rejected: (name: string) => `The application for ${name} was rejected; the applicant is mailed.`,
} as const;

const STATUS_CHOICES: readonly (ApplicationStatus | '')[] = ['pending', 'approved', 'rejected', ''];

const day = (iso: string | null) => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
};

function Details({ application }: { application: BrandApplication }) {
  const rows: [string, string][] = [
    ['Brand', application.name],
    ['Dresses', GENDER_LABELS[application.gender]],
    ['Applicant', application.applicant.email],
    ['Contact', `${application.contactName}, ${application.contactEmail}, ${application.contactPhone}`],
    ['GSTIN', application.gstin],
    ['PAN', application.pan],
    ['Bank account', application.bankAccount],
    ['IFSC', application.ifsc],
    [
      'Pickup',
      `${application.pickupAddress}, ${application.pickupCity}, ${application.pickupState} ${application.pickupPincode}`,
    ],
    ['Return policy', application.returnPolicy],
    ['Shipping policy', application.shippingPolicy],
    ['Sent', day(application.createdAt)],
    ['Status', APPLICATION_TEXTS.statuses[application.status]],
  ];
  if (application.reason) rows.push(['Reason', application.reason]);
  return (
    <dl className={own.details}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ReviewDialog({ application, onClose }: { application: BrandApplication; onClose: () => void }) {
  const titleId = useId();
  const decide = useDecideApplication();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const pending = application.status === 'pending';

  const fail = (error: unknown) => {
    setReasonError(fieldErrorsOf(error).reason);
    setAlert(messageOf(error));
    setConfirming(false);
  };

  const approve = () =>
    decide.mutate(
      { id: application._id, verb: 'approve' },
      {
        onSuccess: () => {
          showToast({ type: 'success', message: APPLICATION_TEXTS.approved(application.name) });
          onClose();
        },
        onError: fail,
      },
    );

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text || text.length > 500) {
      setReasonError(text ? 'Must be at most 500 characters' : 'Required');
      return;
    }
    decide.mutate(
      { id: application._id, verb: 'reject', reason: text },
      {
        onSuccess: () => {
          showToast({ type: 'success', message: APPLICATION_TEXTS.rejected(application.name) });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <Modal variant="dialog" onClose={onClose} labelledBy={titleId} className={styles.panel}>
      <ModalHeader titleId={titleId} title={application.name} onClose={onClose} />
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <Details application={application} />
      {pending && !rejecting && (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => setConfirming(true)}>
            {APPLICATION_TEXTS.approve}
          </button>
          <button type="button" className={styles.danger} onClick={() => setRejecting(true)}>
            {APPLICATION_TEXTS.reject}
          </button>
        </div>
      )}
      {pending && rejecting && (
        <form className={styles.panel} onSubmit={reject} noValidate>
          <FormRow label={APPLICATION_TEXTS.reason} error={reasonError}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                className={inputClass}
                value={reason}
                maxLength={500}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(undefined);
                }}
              />
            )}
          </FormRow>
          <div className={styles.actions}>
            <button type="submit" className={styles.danger} disabled={decide.isPending}>
              {decide.isPending ? APPLICATION_TEXTS.rejecting : APPLICATION_TEXTS.reject}
            </button>
            <button type="button" className={styles.button} onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {confirming && (
        <ConfirmDialog
          title={APPLICATION_TEXTS.confirmApprove(application.name)}
          message={APPLICATION_TEXTS.confirmApproveText(application.name, application.applicant.email)}
          confirmLabel={APPLICATION_TEXTS.approve}
          busyLabel={APPLICATION_TEXTS.approving}
          busy={decide.isPending}
          onConfirm={approve}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}

/** /admin/applications: brand applications by status; review, approve or reject with a reason. */
export function ApplicationsPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.applications.label}>
      <Applications />
    </AdminConsole>
  );
}

function Applications() {
  const [status, setStatus] = useState<ApplicationStatus | ''>('pending');
  const [reviewing, setReviewing] = useState<BrandApplication | null>(null);
  const query = useAdminApplications(status);

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label={APPLICATION_TEXTS.status}>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={status}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus | '')}
            >
              {STATUS_CHOICES.map((choice) => (
                <option key={choice || 'all'} value={choice}>
                  {APPLICATION_TEXTS.statuses[choice]}
                </option>
              ))}
            </select>
          )}
        </FormRow>
      </div>
      {query.data === undefined ? (
        <QueryState
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={APPLICATION_TEXTS.loading}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title={APPLICATION_TEXTS.empty} hint={APPLICATION_TEXTS.emptyHint} />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Brand applications" tabIndex={0}>
          <table className={styles.table} aria-label="Brand applications">
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Applicant</th>
                <th scope="col">GSTIN</th>
                <th scope="col">Pickup</th>
                <th scope="col">Sent</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((application) => (
                <tr key={application._id}>
                  <th scope="row">{application.name}</th>
                  <td>{application.applicant.email}</td>
                  <td>{application.gstin}</td>
                  <td>
                    {application.pickupCity}, {application.pickupState}
                  </td>
                  <td>{day(application.createdAt)}</td>
                  <td>{APPLICATION_TEXTS.statuses[application.status]}</td>
                  <td>
                    <button
                      type="button"
                      className={styles.button}
                      aria-label={`Review ${application.name}`}
                      onClick={() => setReviewing(application)}
                    >
                      {APPLICATION_TEXTS.review}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reviewing && <ReviewDialog application={reviewing} onClose={() => setReviewing(null)} />}
    </>
  );
}
