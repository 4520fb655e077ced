import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CloseIcon, SendIcon, SparklesIcon } from '@/components/ui/icons';
import { useGoBack } from '@/hooks/use-go-back';
import { useChat } from '../hooks/use-chat';
import {
  CHAT_TEXTS,
  MAX_MESSAGE_CHARS,
  autoMessageOf,
  formatMessageTime,
  type ChatMessage,
} from '../utils/chat-messages';
import styles from './chat-screen.module.css';

function Message({ message }: { message: ChatMessage }) {
  const mine = message.sender === 'user';
  return (
    <div
      className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}
      data-sender={message.sender}
    >
      <p className={styles.bubble}>
        <span className="visually-hidden">{mine ? 'You: ' : 'Support: '}</span>
        {message.text}
      </p>
      <time className={styles.time} dateTime={message.time.toISOString()}>
        {formatMessageTime(message.time)}
      </time>
    </div>
  );
}

/** Support chat (/chat, 001 §2): the assistant answers; closing goes back. */
export function ChatScreen() {
  const { messages, typing, send } = useChat();
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const autoSent = useRef(false);
  const location = useLocation();
  const navigate = useNavigate();
  const close = useGoBack();
  const titleId = useId();
  const autoMessage = autoMessageOf(location.state);

  // 001 §2: opened with an autoMessage, the chat asks it under the greeting.
  useEffect(() => {
    if (autoMessage === null || autoSent.current) return;
    autoSent.current = true;
    send(autoMessage);
    // Asked once: a reload or a return to this history entry must not ask again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [autoMessage, send, navigate, location.pathname, location.search]);

  // The newest message, or the typing dots, always in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, typing]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    send(draft);
    setDraft('');
  };

  return (
    <section className={styles.chat} aria-labelledby={titleId}>
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          <SparklesIcon size={22} />
        </span>
        <div className={styles.heading}>
          <h1 id={titleId} className={styles.title}>
            Support
          </h1>
          <p className={styles.subtitle}>
            <span className={styles.online} aria-hidden="true" />
            {CHAT_TEXTS.subtitle}
          </p>
        </div>
        <button type="button" className={styles.close} onClick={close} aria-label="Close chat">
          <CloseIcon size={22} />
        </button>
      </header>

      <div ref={logRef} className={styles.log} role="log" aria-live="polite" aria-label="Messages">
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
        {typing && (
          <div className={`${styles.message} ${styles.theirs}`} data-testid="typing-indicator">
            <p className={`${styles.bubble} ${styles.typing}`}>
              <span className="visually-hidden">Support is typing...</span>
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.dot} aria-hidden="true" />
            </p>
          </div>
        )}
      </div>

      <form className={styles.composer} onSubmit={submit}>
        <input
          className={styles.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={CHAT_TEXTS.placeholder}
          aria-label="Message"
          maxLength={MAX_MESSAGE_CHARS}
          enterKeyHint="send"
          autoComplete="off"
        />
        <button
          type="submit"
          className={styles.send}
          disabled={draft.trim() === ''}
          aria-label="Send"
        >
          <SendIcon />
        </button>
      </form>
    </section>
  );
}
