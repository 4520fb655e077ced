import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { StyleQuiz } from '@/features/looks/components/style-quiz';

/** The style quiz (/style-quiz, 001 §2). */
export function StyleQuizRoute() {
  useEffect(() => {
    document.title = `Style Quiz · ${APP_NAME}`;
  }, []);
  return <StyleQuiz />;
}
