import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionActions, type ServerUser } from '@/stores/session';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { ModalIconButton } from '@/components/ui/modal';
import type { SignInSheetBodyProps } from '@/components/ui/sign-in-prompt';
import { requestCode, verifyCode, type VerifyAnswer } from '../api/auth-api';
import { useCountdown } from '@/hooks/use-countdown';
import { RESEND_INTERVAL_S } from '@/lib/codes';
import { CodeStep } from '@/components/ui/code-step';
import { EmailStep } from './email-step';
import { LocationStep } from './location-step';
import styles from './login-steps.module.css';

type Step = 'email' | 'otp' | 'location';

const STEPS: readonly Step[] = ['email', 'otp', 'location'];

/**
 * The login sheet's three steps (000 §2.3, §4): email, then the code once one was sent, then the
 * location; then the sheet closes and a new user goes to /onboarding, an existing one to /.
 * Everything here lives as long as the sheet is open, so closing it clears every field.
 */
export function LoginSteps({ close }: SignInSheetBodyProps) {
  const navigate = useNavigate();
  const { loggedIn } = useSessionActions();
  const countdown = useCountdown();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verified, setVerified] = useState<ServerUser | null>(null);
  const position = STEPS.indexOf(step);

  const codeSent = (sent: boolean) => {
    if (sent) {
      setSentTo(email);
      countdown.start(RESEND_INTERVAL_S);
    }
    setStep('otp');
  };

  const codeVerified = ({ user }: VerifyAnswer) => {
    setVerified(user);
    setStep('location');
  };

  const signedIn = (user: ServerUser) => {
    loggedIn(user);
    close();
    void navigate(user.onboarded ? paths.root.getHref() : paths.onboarding.getHref());
  };

  const back = () => {
    if (step === 'otp') setStep('email');
    else {
      // The code is spent: offer a new one straight away.
      countdown.stop();
      setStep('otp');
    }
  };

  return (
    <div className={styles.body}>
      {step !== 'email' && (
        <ModalIconButton label="Back" onClick={back} className={styles.back}>
          <ArrowLeftIcon size={20} />
        </ModalIconButton>
      )}
      <p className="visually-hidden">
        Step {position + 1} of {STEPS.length}
      </p>
      <div className={styles.progress} aria-hidden="true">
        {STEPS.map((each, index) => (
          <span key={each} className={index <= position ? styles.progressDone : styles.progressTodo} />
        ))}
      </div>
      {step === 'email' && (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          codeStillFresh={sentTo === email && countdown.secondsLeft > 0}
          onCodeSent={codeSent}
        />
      )}
      {step === 'otp' && (
        <CodeStep
          prompt={
            <>
              Enter the 6-digit code sent to <strong>{email}</strong>
            </>
          }
          verify={(code) => verifyCode(email, code)}
          resend={() => requestCode(email)}
          secondsLeft={countdown.secondsLeft}
          startCountdown={countdown.start}
          onVerified={codeVerified}
        />
      )}
      {step === 'location' && verified && (
        <LocationStep user={verified} email={email} onDone={signedIn} />
      )}
    </div>
  );
}
