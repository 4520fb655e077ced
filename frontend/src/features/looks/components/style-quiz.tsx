import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { QUIZ_REDIRECT_MS } from '@/config/app';
import { QUIZ_LOOKS, type QuizLookKey } from '@/config/looks';
import { paths } from '@/config/paths';
import { SparklesIcon } from '@/components/ui/icons';
import { lookOfAnswer, QUIZ_QUESTIONS, winningLook } from '../utils/quiz';
import styles from './style-quiz.module.css';

export const REDIRECT_TEXT = 'Redirecting you to your perfect look...';

function QuizResult({ shown, winner }: { shown: QuizLookKey; winner: QuizLookKey }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(paths.collection.getHref({ style: winner })),
      QUIZ_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, winner]);

  const look = QUIZ_LOOKS[shown];
  return (
    <section className={styles.result} role="status" aria-labelledby="quiz-result">
      <span className={styles.resultIcon} aria-hidden="true">
        <SparklesIcon size={28} />
      </span>
      <p className={styles.kicker}>Your style is</p>
      <h2 id="quiz-result" className={styles.resultTitle}>
        {look.title}
      </h2>
      <p className={styles.resultText}>{look.description}</p>
      <p className={styles.redirect}>{REDIRECT_TEXT}</p>
    </section>
  );
}

/** The style quiz (/style-quiz, 001 §2, §4): four questions, one at a time. */
export function StyleQuiz() {
  const groupName = useId();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<readonly (string | undefined)[]>(() =>
    QUIZ_QUESTIONS.map(() => undefined),
  );
  // 001 §4: the result card shows the look of the last answered option.
  const [lastLook, setLastLook] = useState<QuizLookKey | null>(null);
  const [finished, setFinished] = useState(false);

  const question = QUIZ_QUESTIONS[index]!;
  const total = QUIZ_QUESTIONS.length;
  const answer = answers[index];
  const isLast = index === total - 1;

  if (finished && lastLook) {
    const votes = QUIZ_QUESTIONS.flatMap((q, i) => lookOfAnswer(q, answers[i] ?? '') ?? []);
    return (
      <div className={styles.screen}>
        <QuizResult shown={lastLook} winner={winningLook(votes)} />
      </div>
    );
  }

  const choose = (value: string) => {
    setAnswers((current) => current.map((old, i) => (i === index ? value : old)));
    setLastLook(lookOfAnswer(question, value) ?? null);
  };

  return (
    <div className={styles.screen}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Style Quiz</h1>
        <p className={styles.step}>
          Question {index + 1} of {total}
        </p>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={index + 1}
        >
          <span
            className={styles.progressFill}
            style={{ transform: `scaleX(${(index + 1) / total})` }}
          />
        </div>
      </header>

      <fieldset className={styles.question}>
        <legend className={styles.questionText}>{question.question}</legend>
        {question.options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={`${groupName}-${question.id}`}
              value={option.value}
              checked={answer === option.value}
              onChange={() => choose(option.value)}
              className={styles.radio}
            />
            <span className={styles.optionText}>{option.text}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.nav}>
        <button
          type="button"
          className={styles.secondary}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={answer === undefined}
          onClick={() => (isLast ? setFinished(true) : setIndex(index + 1))}
        >
          {isLast ? 'Get Results' : 'Next'}
        </button>
      </div>
    </div>
  );
}
