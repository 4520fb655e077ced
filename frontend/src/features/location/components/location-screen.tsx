import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { useCreateAddress } from '@/hooks/use-addresses';
import { useGoBack } from '@/hooks/use-go-back';
import { ApiError } from '@/api/client';
import { placeLine } from '@/api/addresses';
import type { PlacePrediction } from '@/api/places';
import { PHONE_LENGTH, PINCODE_LENGTH } from '@/lib/validation';
import { AlertCircleIcon } from '@/components/ui/icons';
import { TitleBar } from '@/components/ui/title-bar';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import {
  STEP_COUNT,
  STEP_FIELDS,
  STEP_TITLES,
  fieldValue,
  formErrorsFromServer,
  houseLine,
  initialAddressForm,
  toShipmentPayload,
  validateAddress,
  validateStep,
  withContactOf,
  withPlace,
  type AddressErrors,
  type AddressField,
  type AddressForm,
  type Step,
} from '../utils/address-form';
import { LOCATION_TEXTS } from '../utils/location-texts';
import { usePlaceSearch } from '../hooks/use-place-search';
import { LocateStep } from './locate-step';
import { TextField, type TextFieldOptions } from './text-field';
import styles from './location-screen.module.css';

/** Why a save did not happen: not signed in, or the call failed (with the server's reasons). */
type SaveFailure = { kind: 'signIn' } | { kind: 'error'; text: string; reasons: string[] };

const distinct = (messages: (string | undefined)[]) =>
  [...new Set(messages.filter((message): message is string => Boolean(message)))];

function ReviewStep({ form, problems }: { form: AddressForm; problems: string[] }) {
  const place = placeLine(form.addressSearch, form.city, form.state, form.pincode);
  return (
    <div className={styles.review}>
      <section className={styles.reviewSection} aria-label="Delivery address">
        <h3 className={styles.reviewTitle}>Delivery address</h3>
        <p>{houseLine(form)}</p>
        <p>{form.addressSearch.trim()}</p>
        {place && <p>{place}</p>}
        <p>{form.country.trim()}</p>
      </section>
      <section className={styles.reviewSection} aria-label="Contact">
        <h3 className={styles.reviewTitle}>Contact</h3>
        <p>{form.fullName.trim()}</p>
        {form.phone && <p>+91 {form.phone}</p>}
        <p>{form.email.trim()}</p>
      </section>
      {problems.length > 0 && (
        <ul className={styles.problems} aria-label="Still to fill in">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Delivery Details (/location, 001 §2, §4, §5): four steps to an address, saved to the
 * signed-in shopper's addresses, then back to where the shopper came from.
 */
export function LocationScreen() {
  const user = useSessionUser();
  const { open: openSignIn } = useSignInPromptActions();
  const goBack = useGoBack(paths.root.getHref());
  const save = useCreateAddress();
  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const [step, setStep] = useState<Step>(1);
  const [form, setForm] = useState(() => initialAddressForm(user));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // What the shopper typed in the search box: a picked suggestion is not searched for again.
  const [typed, setTyped] = useState('');
  const search = usePlaceSearch(typed);
  // Signed in on the way (the sign-in prompt of Save): fill in what the shopper left empty.
  const [contactOf, setContactOf] = useState(user._id);
  if (contactOf !== user._id) {
    setContactOf(user._id);
    setForm((current) => withContactOf(current, user));
  }

  useEffect(() => {
    // A new step is announced by its heading; the first one needs no move.
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const id = (field: AddressField) => `${baseId}-${field}`;
  const headingId = `${baseId}-heading`;

  const change = (field: AddressField) => (raw: string) => {
    setForm((current) => ({ ...current, [field]: fieldValue(field, raw) }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const goTo = (next: Step) => {
    setFailure(null);
    setTyped('');
    setStep(next);
  };

  const typeSearch = (text: string) => {
    setTyped(text);
    search.resetPick();
    change('addressSearch')(text);
  };

  const pickPlace = (prediction: PlacePrediction) => {
    setTyped('');
    change('addressSearch')(prediction.description);
    search.pick(prediction, {
      onSuccess: (place) => {
        setForm((current) => withPlace(current, prediction.description, place));
        setErrors({});
      },
    });
  };

  const next = () => {
    if (step === 4) return;
    const found = validateStep(step, form);
    setErrors(found);
    const first = STEP_FIELDS[step].find((field) => found[field]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    goTo((step + 1) as Step);
  };

  const back = () => {
    goTo(Math.max(1, step - 1) as Step);
  };

  const skipSearch = () => {
    setErrors({});
    goTo(2);
  };

  const askToSignIn = () => {
    setFailure({ kind: 'signIn' });
    openSignIn(LOCATION_TEXTS.signInToSave);
  };

  const problems = distinct(Object.values(validateAddress(form)));
  const complete = problems.length === 0;

  const saveAddress = () => {
    setFailure(null);
    if (!complete) return;
    if (!user.isLoggedIn || user._id === '') {
      askToSignIn();
      return;
    }
    save.mutate(
      { userId: user._id, payload: toShipmentPayload(form) },
      {
        onSuccess: goBack,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            askToSignIn();
            return;
          }
          const fieldErrors =
            error instanceof ApiError && error.status === 400
              ? formErrorsFromServer(error.body.fields)
              : {};
          setErrors(fieldErrors);
          setFailure({
            kind: 'error',
            // 409: 'You can save up to 20 addresses.' says more than a retry would.
            text:
              error instanceof ApiError && error.status === 409
                ? error.error
                : LOCATION_TEXTS.saveFailed,
            reasons: distinct(Object.values(fieldErrors)),
          });
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 4) saveAddress();
    else next();
  };

  const field = (name: AddressField, label: string, input: TextFieldOptions = {}) => (
    <TextField
      id={id(name)}
      label={label}
      value={form[name]}
      error={errors[name]}
      onChange={change(name)}
      {...input}
    />
  );

  // Signing in clears the reason to: a failed call's words stay until the next try.
  const notice =
    failure?.kind === 'error'
      ? failure
      : failure?.kind === 'signIn' && !user.isLoggedIn
        ? { text: LOCATION_TEXTS.signInToSave, reasons: [] }
        : null;

  return (
    <div className={styles.screen}>
      <TitleBar title={LOCATION_TEXTS.title} onBack={goBack} />

      <div className={styles.progress}>
        <p className={styles.stepCount}>
          Step {step}/{STEP_COUNT}
        </p>
        <ol className={styles.segments} aria-hidden="true">
          {[1, 2, 3, 4].map((n) => (
            <li key={n} className={n <= step ? styles.done : undefined} />
          ))}
        </ol>
      </div>

      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {STEP_TITLES[step]}
        </h2>

        {step === 1 && (
          <LocateStep
            inputId={id('addressSearch')}
            value={form.addressSearch}
            error={errors.addressSearch}
            search={search}
            onType={typeSearch}
            onPick={pickPlace}
          />
        )}

        {step === 2 && (
          <div className={styles.fields}>
            {field('flatNumber', 'Flat / House No.', { autoComplete: 'address-line1' })}
            {field('wingBuilding', 'Wing / Building')}
            {field('addressSearch', 'Area / Street', { autoComplete: 'address-line2' })}
            <div className={styles.pair}>
              {field('city', 'City', { autoComplete: 'address-level2' })}
              {field('state', 'State', { autoComplete: 'address-level1' })}
            </div>
            <div className={styles.pair}>
              {field('pincode', 'Pincode', {
                inputMode: 'numeric',
                maxLength: PINCODE_LENGTH,
                autoComplete: 'postal-code',
              })}
              {field('country', 'Country', { autoComplete: 'country-name' })}
            </div>
          </div>
        )}

        {step === 3 && (
          <div className={styles.fields}>
            {field('fullName', 'Full Name', { autoComplete: 'name' })}
            {field('phone', 'Phone Number', {
              prefix: '+91',
              type: 'tel',
              inputMode: 'numeric',
              maxLength: PHONE_LENGTH,
              autoComplete: 'tel-national',
            })}
            {field('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          </div>
        )}

        {step === 4 && <ReviewStep form={form} problems={problems} />}

        {notice && (
          <div className={styles.notice} role="alert">
            <AlertCircleIcon size={18} />
            <div>
              <p>{notice.text}</p>
              {notice.reasons.length > 0 && (
                <ul className={styles.reasons}>
                  {notice.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}

        <div className={styles.actions}>
          {step > 1 && (
            <button type="button" className={styles.secondary} onClick={back}>
              Back
            </button>
          )}
          {step === 1 && (
            <button type="button" className={styles.secondary} onClick={skipSearch}>
              {LOCATION_TEXTS.skipSearch}
            </button>
          )}
          {step < 4 ? (
            <button type="submit" className={styles.primary}>
              Next
            </button>
          ) : (
            <button
              type="submit"
              className={styles.primary}
              disabled={!complete || save.isPending}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? LOCATION_TEXTS.saving : LOCATION_TEXTS.save}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
