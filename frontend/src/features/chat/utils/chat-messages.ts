/** A chat message (001 §3): who said it, what and when. */
export interface ChatMessage {
  id: number;
  sender: 'user' | 'bot';
  text: string;
  time: Date;
}

/** The chat's texts (001 §2 Support chat, §8). */
export const CHAT_TEXTS = {
  greeting: 'Hi there! How can I help you today?',
  failure: 'Something went wrong. Please try again later.',
  placeholder: 'Reply ...',
  // 001 §1: the assistant's header promises delivery within 60 minutes.
  subtitle: 'Delivery within 60 minutes',
} as const;

/** The server refuses longer messages (docs/http-api.md, Support chat). */
export const MAX_MESSAGE_CHARS = 1000;

const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** '10:42 am': the time under a message, the en-IN way. */
export const formatMessageTime = (time: Date): string => TIME.format(time);

/** The router state that opens the chat with a question already asked (001 §2). */
export function autoMessageOf(state: unknown): string | null {
  const message = (state as { autoMessage?: unknown } | null)?.autoMessage;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
