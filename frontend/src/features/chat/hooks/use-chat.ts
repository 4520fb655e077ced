import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { askAssistant } from '../api/chat-api';
import { CHAT_TEXTS, type ChatMessage } from '../utils/chat-messages';

/**
 * The conversation on screen (001 §2 Support chat): it opens with the greeting; each question
 * gets the assistant's reply, or the failure text (001 §8). Kept in memory only, like the
 * product's: leaving the chat ends the conversation.
 */
export function useChat() {
  const nextId = useRef(1);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: 0, sender: 'bot', text: CHAT_TEXTS.greeting, time: new Date() },
  ]);
  // Replies can be awaited for several questions at once; the indicator shows until the last.
  const [awaiting, setAwaiting] = useState(0);

  const add = useCallback((sender: ChatMessage['sender'], text: string) => {
    const id = nextId.current++;
    setMessages((current) => [...current, { id, sender, text, time: new Date() }]);
  }, []);

  // Callbacks on the mutation, not on mutate(): every question's answer lands, not just the last.
  const { mutate } = useMutation({
    mutationFn: askAssistant,
    onMutate: () => setAwaiting((count) => count + 1),
    onSuccess: ({ reply }) => add('bot', reply),
    onError: () => add('bot', CHAT_TEXTS.failure),
    onSettled: () => setAwaiting((count) => count - 1),
  });

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (message === '') return;
      add('user', message);
      mutate(message);
    },
    [add, mutate],
  );

  return { messages, typing: awaiting > 0, send };
}
