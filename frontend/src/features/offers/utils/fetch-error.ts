import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/api/client';
import { UNEXPECTED_RESPONSE_CODE, UNEXPECTED_RESPONSE_MESSAGE } from '@/api/guards';

// fetch gives no reason phrase over HTTP/2, so the common ones are named here.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The offer page's error texts (000 §8). */
export function offerErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE) {
    return NETWORK_ERROR_MESSAGE;
  }
  if (error.code === UNEXPECTED_RESPONSE_CODE) return UNEXPECTED_RESPONSE_MESSAGE;
  const reason = REASON_PHRASES[error.status];
  return `Failed to fetch products: ${error.status}${reason ? ` ${reason}` : ''}`;
}
