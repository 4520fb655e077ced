import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ChatScreen } from '@/features/chat/components/chat-screen';

/** Support chat (/chat, 001 §2). */
export function ChatRoute() {
  useEffect(() => {
    document.title = `Support chat · ${APP_NAME}`;
  }, []);
  return <ChatScreen />;
}
