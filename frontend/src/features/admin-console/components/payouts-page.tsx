import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminPayouts,
  istMonth,
  MONTH_PATTERN,
  payoutKeys,
  previousMonth,
  recordPayout,
} from '@/api/payouts';
import type { Payout } from '@/api/payouts-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/state-panel';
import { ROLE, useSessionUser } from '@/stores/session';
import { showToast } from '@/stores/toasts';
import { moneyText, rateText, STATUS_LABELS } from '@/lib/payout-format';
import { fieldErrorsOf, messageOf } from '../utils/admin-errors';
import { ADMIN_TEXTS } from '../utils/admin-texts';
import { AdminConsole } from './admin-console';
import { FormRow, inputClass, QueryState } from './admin-bits';
import styles from '@/components/console/console.module.css';

export const ADMIN_PAYOUT_TEXTS = {
  loading: 'Loading payouts...',
  empty: 'Nothing this month',
  emptyHint: 'Brands with orders or refunds in the month show here.',
  record: 'Record payout',
  referenceHint: 'The bank transfer reference (UTR), at most 100 characters.',
  referenceRequired: 'Enter the payment reference.',
  referenceTooLong: 'At most 100 characters.',
  confirmTitle: (brand: string, month: string) => `Record ${brand}'s payout for ${month}?`,
  confirmMessage: (amount: string, reference: string) =>
    `This records ${amount} as paid with reference ${reference}. The month is then frozen: ` +
    'it never changes, and later refunds are carried into the month they complete.',
  recorded: (brand: string, month: string) => `${brand}'s payout for ${month} recorded.`,
} as const;

function referenceError(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (!trimmed) return ADMIN_PAYOUT_TEXTS.referenceRequired;
  if (trimmed.length > 100) return ADMIN_PAYOUT_TEXTS.referenceTooLong;
  return undefined;
}

/** The reference form of one brand's due month, then the confirmation. */
function RecordForm({ payout, onDone }: { payout: Payout; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: () => recordPayout(payout.brandId, payout.month, reference.trim()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
  const error = serverError ?? (touched ? referenceError(reference) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (referenceError(reference)) return;
    setConfirming(true);
  };
  const confirm = async () => {
    try {
      await record.mutateAsync();
      showToast({
        type: 'success',
        message: ADMIN_PAYOUT_TEXTS.recorded(payout.brandName, payout.month),
      });
      onDone();
    } catch (failure) {
      setConfirming(false);
      setServerError(fieldErrorsOf(failure).reference);
      setAlert(messageOf(failure));
    }
  };

  return (
    <form
      className={styles.panel}
      aria-label={`${ADMIN_PAYOUT_TEXTS.record}: ${payout.brandName}`}
      onSubmit={submit}
      noValidate
    >
      <h2 className={styles.panelTitle}>
        {ADMIN_PAYOUT_TEXTS.record}: {payout.brandName} · {payout.month} ·{' '}
        {moneyText(payout.payout)}
      </h2>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <FormRow label="Reference" error={error} hint={ADMIN_PAYOUT_TEXTS.referenceHint}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={inputClass}
            value={reference}
            maxLength={120}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => {
              setReference(event.target.value);
              setTouched(true);
              setServerError(undefined);
            }}
          />
        )}
      </FormRow>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={record.isPending}>
          {ADMIN_PAYOUT_TEXTS.record}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          Cancel
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={ADMIN_PAYOUT_TEXTS.confirmTitle(payout.brandName, payout.month)}
          message={ADMIN_PAYOUT_TEXTS.confirmMessage(moneyText(payout.payout), reference.trim())}
          confirmLabel="Record as paid"
          busyLabel="Recording..."
          busy={record.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

function Payouts() {
  const user = useSessionUser();
  const [month, setMonth] = useState(() => previousMonth(istMonth()));
  const [recording, setRecording] = useState<Payout | null>(null);
  const valid = MONTH_PATTERN.test(month);
  const query = useQuery({
    queryKey: payoutKeys.admin(month),
    queryFn: ({ signal }) => getAdminPayouts(month, signal),
    enabled: valid && user.isLoggedIn && user.role === ROLE.admin,
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className={styles.toolbar}>
        <FormRow label="Month">
          {({ id }) => (
            <input
              id={id}
              type="month"
              className={inputClass}
              value={month}
              max={istMonth()}
              onChange={(event) => {
                setMonth(event.target.value);
                setRecording(null);
              }}
            />
          )}
        </FormRow>
      </div>
      {recording && (
        <RecordForm
          key={`${recording.brandId}-${recording.month}`}
          payout={recording}
          onDone={() => setRecording(null)}
        />
      )}
      {query.data === undefined ? (
        <QueryState
          isPending={query.isPending && valid}
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={ADMIN_PAYOUT_TEXTS.loading}
        />
      ) : query.data.payouts.length === 0 ? (
        <EmptyState title={ADMIN_PAYOUT_TEXTS.empty} hint={ADMIN_PAYOUT_TEXTS.emptyHint} />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={`Payouts of ${query.data.month}`} tabIndex={0}>
          <table className={styles.table} aria-label={`Payouts of ${query.data.month}`}>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Gross</th>
                <th scope="col">Refunds</th>
                <th scope="col">Rate</th>
                <th scope="col">Commission</th>
                <th scope="col">Payout</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {query.data.payouts.map((payout) => (
                <tr key={payout.brandId}>
                  <th scope="row">{payout.brandName}</th>
                  <td>{moneyText(payout.gross)}</td>
                  <td>{moneyText(payout.refunds)}</td>
                  <td>{rateText(payout.commissionRate)}</td>
                  <td>{moneyText(payout.commission)}</td>
                  <td>{moneyText(payout.payout)}</td>
                  <td>
                    <span className={payout.status === 'paid' ? styles.badgeOn : styles.badge}>
                      {STATUS_LABELS[payout.status]}
                    </span>
                  </td>
                  <td>
                    {payout.status === 'due' ? (
                      <button
                        type="button"
                        className={styles.button}
                        aria-label={`${ADMIN_PAYOUT_TEXTS.record}: ${payout.brandName}`}
                        onClick={() => setRecording(payout)}
                      >
                        {ADMIN_PAYOUT_TEXTS.record}
                      </button>
                    ) : payout.status === 'paid' ? (
                      <span className={styles.muted}>{payout.reference}</span>
                    ) : null}
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

/** /admin/payouts: every brand's month, and recording a due month paid. */
export function AdminPayoutsPage() {
  return (
    <AdminConsole title={ADMIN_TEXTS.sections.payouts.label}>
      <Payouts />
    </AdminConsole>
  );
}
