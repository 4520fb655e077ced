import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import {
  MESSAGES,
  STYLE_INTERESTS_MAX,
  validateOnboardingBasics,
  validateOnboardingFits,
  validateOnboardingStyle,
  type FieldErrors,
  type OnboardingBasics,
  type OnboardingFits,
  type OnboardingStyle,
} from '@/lib/validation';
import { useSessionActions, useSessionUser } from '@/stores/session';
import { Spinner } from '@/components/ui/spinner';
import { completeOnboarding, type OnboardingAnswers } from '../api/onboarding-api';
import { BasicsStep } from './basics-step';
import { FitsStep } from './fits-step';
import { StyleStep } from './style-step';
import { WelcomeDialog } from './welcome-dialog';
import styles from './onboarding.module.css';

type Answers = OnboardingBasics & OnboardingStyle & OnboardingFits;

const STEPS = [
  { title: 'Let’s get to know you', lead: 'So we can say hello and dress you right.' },
  { title: 'Your style', lead: 'Tell us your age range and the styles you love.' },
  { title: 'Your fit', lead: 'How do you like your clothes to sit?' },
] as const;

/** Each step's rules (000 §5) over the answers so far. */
function errorsOf(step: number, answers: Answers): FieldErrors<keyof Answers> {
  if (step === 0) return validateOnboardingBasics(answers);
  if (step === 1) return validateOnboardingStyle(answers);
  return validateOnboardingFits(answers);
}

const toggled = (list: readonly string[], item: string) =>
  list.includes(item) ? list.filter((each) => each !== item) : [...list, item];

/**
 * Onboarding (/onboarding, 000 §2.4): basics, style, fits, then a welcome and /. Logged-in users
 * who are not new, and visitors without an e-mail, are sent to / as they arrive.
 */
export function OnboardingScreen() {
  const user = useSessionUser();
  // Decided on arrival: finishing makes the user not new, and the welcome must still show.
  const [sentAway] = useState(() => (user.isLoggedIn && !user.isNewUser) || user.email === '');
  if (sentAway) return <Navigate to={paths.root.getHref()} replace />;
  return <OnboardingSteps />;
}

function OnboardingSteps() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const { loggedIn } = useSessionActions();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>(() => ({
    name: user.name,
    email: user.email,
    gender: '',
    ageRange: '',
    styleInterests: [],
    preferredFits: [],
  }));
  // A step's messages show once Next was pressed on it, then follow the answers.
  const [checked, setChecked] = useState<readonly boolean[]>([false, false, false]);
  const [overLimit, setOverLimit] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [welcomeName, setWelcomeName] = useState<string | null>(null);
  const complete = useMutation({ mutationFn: completeOnboarding });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Each new step is announced and starts at the top; the first one is where the page starts.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const errors: FieldErrors<keyof Answers> = checked[step] ? errorsOf(step, answers) : {};
  if (step === 1 && overLimit) errors.styleInterests = MESSAGES.tooManyStyleInterests;

  const change = (changes: Partial<Answers>) => {
    setAnswers((current) => ({ ...current, ...changes }));
    setFailure(null);
  };

  const toggleInterest = (interest: string) => {
    const picked = answers.styleInterests;
    // 000 §5: at most 5 can be picked; a sixth is refused with the reason.
    const refused = !picked.includes(interest) && picked.length >= STYLE_INTERESTS_MAX;
    setOverLimit(refused);
    if (!refused) change({ styleInterests: toggled(picked, interest) });
  };

  const finish = () => {
    // The registration is for the signed-in e-mail; without one there is nobody to register.
    if (user.email === '') {
      setFailure(MESSAGES.onboardingEmailMissing);
      return;
    }
    const body: OnboardingAnswers = {
      email: answers.email,
      display_name: answers.name.trim(),
      gender: answers.gender,
      ageRange: answers.ageRange,
      interests: answers.styleInterests,
      ml_preferences: answers.preferredFits,
      ...(user.location.trim() ? { location: user.location } : {}),
    };
    complete.mutate(body, {
      onSuccess: (saved) => {
        loggedIn(saved);
        setWelcomeName(saved.display_name ?? body.display_name);
      },
      onError: (error) => setFailure(error.message),
    });
  };

  const next = () => {
    setChecked((current) => current.map((value, index) => value || index === step));
    setOverLimit(false);
    if (Object.keys(errorsOf(step, answers)).length > 0) return;
    if (step < STEPS.length - 1) setStep(step + 1);
    else finish();
  };

  const goHome = useCallback(
    () => void navigate(paths.root.getHref(), { replace: true }),
    [navigate],
  );

  const isLast = step === STEPS.length - 1;
  return (
    <div className={styles.screen}>
      <header className={styles.intro}>
        <p className={styles.step}>
          Step {step + 1} of {STEPS.length}
        </p>
        <div className={styles.progress} aria-hidden="true">
          <span
            className={styles.progressFill}
            style={{ transform: `scaleX(${(step + 1) / STEPS.length})` }}
          />
        </div>
        <h1 ref={heading} className={styles.title} tabIndex={-1}>
          {STEPS[step]?.title}
        </h1>
        <p className={styles.lead}>{STEPS[step]?.lead}</p>
      </header>

      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        {step === 0 && <BasicsStep values={answers} errors={errors} onChange={change} />}
        {step === 1 && (
          <StyleStep
            values={answers}
            errors={errors}
            onAgeRange={(ageRange) => change({ ageRange })}
            onToggleInterest={toggleInterest}
          />
        )}
        {step === 2 && (
          <FitsStep
            values={answers}
            errors={errors}
            onToggleFit={(fit) => change({ preferredFits: toggled(answers.preferredFits, fit) })}
          />
        )}

        {failure && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}

        <div className={styles.nav}>
          <button
            type="button"
            className={styles.secondary}
            disabled={step === 0 || complete.isPending}
            onClick={() => {
              setOverLimit(false);
              setFailure(null);
              setStep(step - 1);
            }}
          >
            Back
          </button>
          <button type="submit" className={styles.primary} disabled={complete.isPending}>
            {complete.isPending && <Spinner size="sm" color="white" />}
            {isLast ? 'Finish' : 'Next'}
          </button>
        </div>
      </form>

      {welcomeName !== null && <WelcomeDialog name={welcomeName} onDone={goHome} />}
    </div>
  );
}
