import { api } from '@/api/client';

/** Asks the support assistant (docs/http-api.md, Support chat); signed-out visitors may ask too. */
export const askAssistant = (message: string) => api.post<{ reply: string }>('/chat', { message });
