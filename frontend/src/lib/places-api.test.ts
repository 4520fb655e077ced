import { describe, expect, it, vi } from 'vitest';
import { newPlacesSession } from './places-api';

describe('places session token (001 §7)', () => {
  it('is a fresh UUID each time', () => {
    const first = newPlacesSession();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(newPlacesSession()).not.toBe(first);
  });

  it('is made from random bytes where randomUUID is missing (plain HTTP)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    try {
      expect(newPlacesSession()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
