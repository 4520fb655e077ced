// The one place that checks an answer's shape at run time. The contract (schema.d.ts) types what
// the server sends; these guards stand where a body is read as `unknown` anyway (error bodies,
// answers a proxy or an older server may have changed), so a screen gets typed data or an
// ApiError it can show, never a crash on a missing field.

import { ApiError } from './client';

export const UNEXPECTED_RESPONSE_CODE = 'UNEXPECTED_RESPONSE';
/** 000 §8: what a call says when the answer does not have the documented shape. */
export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response format from server';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with a string `_id`: every screen keys and links by it. */
export function hasId(value: unknown): value is { _id: string } {
  return isRecord(value) && typeof value._id === 'string';
}

/** An object with a string `_id` and `name`: a brand or category reference. */
export function isNamed(value: unknown): value is { _id: string; name: string } {
  return isRecord(value) && typeof value._id === 'string' && typeof value.name === 'string';
}

export function unexpectedResponse(): ApiError {
  return new ApiError(200, UNEXPECTED_RESPONSE_CODE, UNEXPECTED_RESPONSE_MESSAGE);
}
