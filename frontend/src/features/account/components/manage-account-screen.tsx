import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import {
  DATE_OF_BIRTH_MIN,
  EMAIL_MAX_CHARS,
  GENDERS,
  MESSAGES,
  NAME_MAX_CHARS,
  validateManageAccount,
} from '@/lib/validation';
import { AlertCircleIcon, CheckCircleIcon, UserIcon } from '@/components/ui/icons';
import { TitleBar } from '@/components/ui/title-bar';
import { EmptyState } from '@/components/ui/state-panel';
import { useGoBack } from '@/hooks/use-go-back';
import {
  toSessionUser,
  useSessionActions,
  type ServerUser,
  useSessionUser,
  type SessionUser,
} from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { deleteAccount, getAccount, startEmailChange, updateProfile } from '../api/account-api';
import {
  ACCOUNT_TEXTS,
  PROFILE_SUCCESS_MS,
  deleteErrorText,
  isMissingRequired,
  localToday,
  profileUpdateErrorText,
  sessionProblem,
  toProfileUpdate,
  type AccountForm,
} from '../utils/account-rules';
import { LockIcon } from './account-icons';
import { EMAIL_CHANGE_TEXTS, EmailChangeStep } from './email-change-step';
import styles from './manage-account-screen.module.css';

/** The two questions before an account is deleted (001 §4); their words are ours. */
export const DELETE_CONFIRMATIONS = [
  'Are you sure you want to delete your account?',
  'This cannot be undone: your profile, addresses and preferences will be erased. Delete your account now?',
] as const;

export const MANAGE_ACCOUNT_SIGN_IN_REASON = 'Sign in to manage your account.';

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
};

type Field = keyof AccountForm;
/** The fields top to bottom: the first one in error takes focus. */
const FIELD_ORDER: readonly Field[] = ['fullName', 'email', 'dateOfBirth', 'gender'];
type FieldErrors = Partial<Record<Field, string>>;

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

function NoticeBanner({ notice }: { notice: Notice }) {
  const success = notice.tone === 'success';
  return (
    <p
      className={`${styles.notice} ${success ? styles.success : styles.failure}`}
      role={success ? 'status' : 'alert'}
    >
      {success ? <CheckCircleIcon size={20} /> : <AlertCircleIcon size={20} />}
      {notice.text}
    </p>
  );
}

interface AccountFormViewProps {
  user: SessionUser;
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
  onSave: (form: AccountForm) => void;
  onDelete: () => void;
  saving: boolean;
  deleting: boolean;
}

function AccountFormView({
  user,
  notice,
  onNotice,
  onSave,
  onDelete,
  saving,
  deleting,
}: AccountFormViewProps) {
  const [form, setForm] = useState<AccountForm>(() => ({
    fullName: user.name,
    email: user.email,
    dateOfBirth: user.dateOfBirth ?? '',
    gender: user.gender,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dateRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const today = localToday();
  const ids = {
    fullName: useId(),
    email: useId(),
    dateOfBirth: useId(),
    gender: useId(),
    phone: useId(),
    phoneNote: useId(),
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = sessionProblem(user);
    if (problem) {
      onNotice({ tone: 'error', text: problem });
      return;
    }
    const found: FieldErrors = validateManageAccount({ ...form, today });
    // A date typed only in part reads as empty; the picker knows it is not a date.
    if (dateRef.current?.validity.badInput) found.dateOfBirth = MESSAGES.dateOfBirthInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      onNotice(
        isMissingRequired(form) ? { tone: 'error', text: ACCOUNT_TEXTS.requiredMissing } : null,
      );
      const first = FIELD_ORDER.find((field) => found[field]);
      const target =
        first === 'gender'
          ? formRef.current?.querySelector<HTMLElement>('input[type="radio"]')
          : first && document.getElementById(ids[first]);
      target?.focus();
      return;
    }
    onSave(form);
  };

  const described = (field: Field, extra?: string) =>
    [errors[field] ? `${ids[field]}-error` : '', extra ?? ''].filter(Boolean).join(' ') ||
    undefined;
  const errorText = (field: Field) =>
    errors[field] && (
      <p id={`${ids[field]}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    );

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.card}>
        <div className={styles.field}>
          <label htmlFor={ids.fullName} className={styles.label}>
            Full Name
          </label>
          <input
            id={ids.fullName}
            className={styles.input}
            value={form.fullName}
            onChange={change('fullName')}
            autoComplete="name"
            maxLength={NAME_MAX_CHARS}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={described('fullName')}
          />
          {errorText('fullName')}
        </div>

        <div className={styles.field}>
          <label htmlFor={ids.email} className={styles.label}>
            Email
          </label>
          <input
            id={ids.email}
            className={styles.input}
            type="email"
            inputMode="email"
            value={form.email}
            onChange={change('email')}
            autoComplete="email"
            maxLength={EMAIL_MAX_CHARS}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email')}
          />
          {errorText('email')}
        </div>

        <div className={styles.field}>
          <label htmlFor={ids.dateOfBirth} className={styles.label}>
            Date of Birth
          </label>
          <input
            ref={dateRef}
            id={ids.dateOfBirth}
            className={styles.input}
            type="date"
            min={DATE_OF_BIRTH_MIN}
            max={today}
            value={form.dateOfBirth}
            onChange={change('dateOfBirth')}
            autoComplete="bday"
            aria-invalid={errors.dateOfBirth ? true : undefined}
            aria-describedby={described('dateOfBirth')}
          />
          {errorText('dateOfBirth')}
        </div>

        <fieldset className={styles.field} aria-describedby={described('gender')}>
          <legend className={styles.label}>Gender</legend>
          <div className={styles.genders}>
            {GENDERS.map((gender) => (
              <label key={gender} className={styles.gender}>
                <input
                  type="radio"
                  name={ids.gender}
                  value={gender}
                  checked={form.gender.trim().toLowerCase() === gender}
                  onChange={change('gender')}
                  className={styles.radio}
                  aria-invalid={errors.gender ? true : undefined}
                />
                {GENDER_LABELS[gender]}
              </label>
            ))}
          </div>
          {errorText('gender')}
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={ids.phone} className={styles.label}>
            Phone Number
          </label>
          <div className={styles.phone}>
            <span className={styles.prefix} aria-hidden="true">
              +91
            </span>
            <input
              id={ids.phone}
              className={`${styles.input} ${styles.readOnly}`}
              value={user.phoneNumber}
              readOnly
              aria-describedby={ids.phoneNote}
              aria-label="Phone Number, +91"
            />
          </div>
          <p id={ids.phoneNote} className={styles.note}>
            <LockIcon />
            {ACCOUNT_TEXTS.phoneLocked}
          </p>
        </div>
      </div>

      {notice && <NoticeBanner notice={notice} />}

      <button type="submit" className={styles.save} disabled={saving || deleting}>
        {saving ? 'Saving...' : 'Save Changes'}
      </button>
      <button
        type="button"
        className={styles.delete}
        onClick={onDelete}
        disabled={saving || deleting}
      >
        {deleting ? 'Deleting...' : 'DELETE ACCOUNT'}
      </button>
    </form>
  );
}

/** Manage Account (/manage-account, 001 §2, §4, §5, §8). */
export function ManageAccountScreen() {
  const user = useSessionUser();
  const { userUpdated, loggedOut } = useSessionActions();
  const { open } = useSignInPromptActions();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.profile.getHref());
  // Kept here, above the form: a refused session signs the shopper out, and the reason stays.
  const [notice, setNotice] = useState<Notice | null>(null);
  // The server's view of the account: a new e-mail waiting for its code (from this visit or an
  // earlier one), which the account does not have until the code comes back.
  const queryClient = useQueryClient();
  const accountKey = ['account', user._id];
  const account = useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => getAccount(signal),
    enabled: user.isLoggedIn,
  });
  const pendingEmail = account.data?.pendingEmail ?? null;
  const accountChanged = (answer: ServerUser) => queryClient.setQueryData(accountKey, answer);
  // Bumped when a change ends, so the form shows the account's address again.
  const [formRound, setFormRound] = useState(0);

  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(() => setNotice(null), PROFILE_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const save = useMutation({
    // The profile is saved at once; a new e-mail only once the code mailed to it comes back.
    mutationFn: async ({ userId, form }: { userId: string; form: AccountForm }) => {
      const answer = await updateProfile(userId, toProfileUpdate(form));
      const wanted = form.email.trim().toLowerCase();
      if (wanted === user.email.toLowerCase() || wanted === pendingEmail) return { answer };
      return { answer, started: await startEmailChange(wanted) };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ answer, started }) => {
      if (started) accountChanged(started);
      const fresh = toSessionUser(answer);
      userUpdated({
        name: fresh.name,
        email: fresh.email,
        dateOfBirth: fresh.dateOfBirth,
        gender: fresh.gender,
        phoneNumber: fresh.phoneNumber,
      });
      setNotice({ tone: 'success', text: ACCOUNT_TEXTS.updated });
    },
    onError: (error) => setNotice({ tone: 'error', text: profileUpdateErrorText(error) }),
  });

  const remove = useMutation({
    mutationFn: deleteAccount,
    onMutate: () => setNotice(null),
    onSuccess: () => {
      window.alert(ACCOUNT_TEXTS.deleted);
      loggedOut();
      void navigate(paths.root.getHref());
    },
    onError: (error) => setNotice({ tone: 'error', text: deleteErrorText(error) }),
  });

  const emailChanged = (answer: ServerUser) => {
    const email = answer.email ?? '';
    accountChanged(answer);
    userUpdated({ email });
    setFormRound((round) => round + 1);
    setNotice({ tone: 'success', text: EMAIL_CHANGE_TEXTS.changed(email) });
  };

  const changeCancelled = (answer: ServerUser) => {
    accountChanged(answer);
    setFormRound((round) => round + 1);
  };

  const confirmDelete = () => {
    if (DELETE_CONFIRMATIONS.every((question) => window.confirm(question))) remove.mutate();
  };

  return (
    <div className={styles.screen}>
      <TitleBar title="Manage Account" onBack={goBack} />

      {user.isLoggedIn && pendingEmail && (
        <EmailChangeStep
          pendingEmail={pendingEmail}
          onConfirmed={emailChanged}
          onCancelled={changeCancelled}
        />
      )}
      {user.isLoggedIn ? (
        <AccountFormView
          key={`${user._id}:${formRound}`}
          user={user}
          notice={notice}
          onNotice={setNotice}
          onSave={(form) => save.mutate({ userId: user._id, form })}
          onDelete={confirmDelete}
          saving={save.isPending}
          deleting={remove.isPending}
        />
      ) : (
        <>
          {notice && <NoticeBanner notice={notice} />}
          <EmptyState
            icon={<UserIcon />}
            title="Sign in to manage your account"
            hint="Your name, e-mail, date of birth and gender, in one place."
            action={{
              label: 'Sign Up / Login',
              onClick: () => open(MANAGE_ACCOUNT_SIGN_IN_REASON),
            }}
          />
        </>
      )}
    </div>
  );
}
