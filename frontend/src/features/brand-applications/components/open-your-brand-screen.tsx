import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '@/api/client';
import { applyForBrand, getMyApplications } from '@/api/brand-applications';
import { applicationKeys, type BrandApplication } from '@/api/brand-applications-types';
import { consolePaths } from '@/config/console-paths';
import { paths } from '@/config/paths';
import { InfoIcon, UserIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import { useGoBack } from '@/hooks/use-go-back';
import { ROLE, useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import {
  EMPTY_FORM,
  FIELD_LABELS,
  SECTIONS,
  formErrors,
  toBody,
  type FieldName,
  type FormValues,
} from '../utils/application-form';
import styles from './open-your-brand.module.css';

export const OPEN_BRAND_TEXTS = {
  title: 'Open your brand on Casa',
  intro:
    'Tell us about your brand. We check every application by hand and e-mail you once it is decided.',
  signIn: 'Sign in to apply',
  signInHint: 'Your brand is run from your Casa account.',
  signInReason: 'Sign in to open your brand on Casa.',
  staff: 'Your account already works for Casa',
  staffHint: 'Brand teams and admins cannot apply for a new brand.',
  send: 'Send application',
  sending: 'Sending...',
  failed: 'Something went wrong. Please check your connection and try again.',
  fixFields: 'Some fields need another look.',
  pending: 'Your application is being reviewed',
  pendingHint: (name: string) =>
    `We are checking the details of ${name}. You will hear from us by e-mail.`,
  approved: (name: string) => `${name} is open on Casa`,
  approvedHint: 'Your account now runs the brand.',
  toConsole: 'Open the brand console',
  rejected: (name: string) => `Your application for ${name} was not approved`,
  reason: (reason: string) => `The reason: ${reason}`,
  applyAgain: 'You can apply again below.',
  gender: 'Who the brand dresses',
} as const;

const GENDERS = [
  { value: 'unisex', label: 'Everyone' },
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
] as const;

const MULTILINE: readonly FieldName[] = ['pickupAddress', 'returnPolicy', 'shippingPolicy'];

function fieldsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = error.body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function Status({ application }: { application: BrandApplication }) {
  if (application.status === 'pending') {
    return (
      <section className={styles.status} aria-live="polite">
        <h2>{OPEN_BRAND_TEXTS.pending}</h2>
        <p>{OPEN_BRAND_TEXTS.pendingHint(application.name)}</p>
      </section>
    );
  }
  if (application.status === 'approved') {
    return (
      <section className={styles.status}>
        <h2>{OPEN_BRAND_TEXTS.approved(application.name)}</h2>
        <p>{OPEN_BRAND_TEXTS.approvedHint}</p>
        <Link className={styles.link} to={consolePaths.brandConsole.getHref()}>
          {OPEN_BRAND_TEXTS.toConsole}
        </Link>
      </section>
    );
  }
  return (
    <section className={styles.status}>
      <h2>{OPEN_BRAND_TEXTS.rejected(application.name)}</h2>
      {application.reason && <p>{OPEN_BRAND_TEXTS.reason(application.reason)}</p>}
      <p>{OPEN_BRAND_TEXTS.applyAgain}</p>
    </section>
  );
}

function ApplicationForm({ onSent }: { onSent: (application: BrandApplication) => void }) {
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const send = useMutation({ mutationFn: applyForBrand });
  const errors = formErrors(values);

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServer(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setAlert(null);
    if (Object.keys(errors).length > 0) {
      setAlert(OPEN_BRAND_TEXTS.fixFields);
      return;
    }
    send.mutate(toBody(values), {
      onSuccess: onSent,
      onError: (error) => {
        const fields = fieldsOf(error);
        setServer(fields);
        setAlert(
          Object.keys(fields).length > 0
            ? OPEN_BRAND_TEXTS.fixFields
            : error instanceof ApiError && error.status < 500
              ? error.message
              : OPEN_BRAND_TEXTS.failed,
        );
      },
    });
  };

  const shown = (field: FieldName) =>
    server[field] ?? (tried || touched[field] ? errors[field] : undefined);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className={styles.section}>
          <legend className={styles.legend}>{section.title}</legend>
          {section.fields.map((field) => {
            const id = `apply-${field}`;
            const error = shown(field);
            const hint = FIELD_LABELS[field].hint;
            const messageId = `${id}-message`;
            const common = {
              id,
              name: field,
              value: values[field],
              'aria-invalid': Boolean(error),
              'aria-describedby': error || hint ? messageId : undefined,
              onChange: (e: { target: { value: string } }) => change(field, e.target.value),
            };
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={id} className={styles.label}>
                  {FIELD_LABELS[field].label}
                </label>
                {MULTILINE.includes(field) ? (
                  <textarea className={styles.area} {...common} />
                ) : (
                  <input
                    className={styles.input}
                    inputMode={
                      field === 'contactPhone' || field === 'bankAccount' || field === 'pickupPincode'
                        ? 'numeric'
                        : undefined
                    }
                    type={field === 'contactEmail' ? 'email' : 'text'}
                    autoCapitalize={['gstin', 'pan', 'ifsc'].includes(field) ? 'characters' : undefined}
                    {...common}
                  />
                )}
                {(error ?? hint) && (
                  <span id={messageId} className={error ? styles.error : styles.hint}>
                    {error ?? hint}
                  </span>
                )}
              </div>
            );
          })}
          {section.fields.includes('name') && (
            <div className={styles.field}>
              <label htmlFor="apply-gender" className={styles.label}>
                {OPEN_BRAND_TEXTS.gender}
              </label>
              <select
                id="apply-gender"
                className={styles.input}
                value={values.gender}
                onChange={(e) =>
                  setValues((current) => ({
                    ...current,
                    gender: e.target.value as FormValues['gender'],
                  }))
                }
              >
                {GENDERS.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
      ))}
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={send.isPending}>
        {send.isPending ? OPEN_BRAND_TEXTS.sending : OPEN_BRAND_TEXTS.send}
      </button>
    </form>
  );
}

/** /open-your-brand: a shopper's application, or its status once sent. */
export function OpenYourBrandScreen() {
  const user = useSessionUser();
  const { open } = useSignInPromptActions();
  const goBack = useGoBack(paths.profile.getHref());
  const queryClient = useQueryClient();
  const shopper = user.isLoggedIn && user.role === ROLE.shopper;
  const mine = useQuery({
    queryKey: applicationKeys.mine(),
    queryFn: ({ signal }) => getMyApplications(signal),
    enabled: shopper,
  });
  const latest = mine.data?.[0];

  let body;
  if (!user.isLoggedIn) {
    body = (
      <EmptyState
        icon={<UserIcon />}
        title={OPEN_BRAND_TEXTS.signIn}
        hint={OPEN_BRAND_TEXTS.signInHint}
        action={{ label: 'Sign In', onClick: () => open(OPEN_BRAND_TEXTS.signInReason) }}
      />
    );
  } else if (!shopper) {
    body = (
      <EmptyState
        icon={<InfoIcon />}
        title={OPEN_BRAND_TEXTS.staff}
        hint={OPEN_BRAND_TEXTS.staffHint}
        action={{ label: 'Back to Profile', to: paths.profile.getHref() }}
      />
    );
  } else if (mine.isPending) {
    body = (
      <div role="status" aria-label="Loading">
        <Spinner color="purple" />
      </div>
    );
  } else if (mine.isError) {
    body = <ErrorState message={OPEN_BRAND_TEXTS.failed} onRetry={() => void mine.refetch()} />;
  } else {
    body = (
      <>
        {latest && <Status application={latest} />}
        {(!latest || latest.status === 'rejected') && (
          <>
            <p className={styles.intro}>{OPEN_BRAND_TEXTS.intro}</p>
            <ApplicationForm
              onSent={(application) => {
                queryClient.setQueryData(applicationKeys.mine(), [
                  application,
                  ...(mine.data ?? []),
                ]);
              }}
            />
          </>
        )}
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <TitleBar title={OPEN_BRAND_TEXTS.title} onBack={goBack} />
      {body}
    </div>
  );
}
