import { describe, expect, it, vi } from 'vitest';
import { newPlacesSession, placeName } from './places';

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

describe('placeName', () => {
  it.each([
    [{ locality: 'Mumbai GPO', city: 'Mumbai', formatted: 'x' }, 'Mumbai GPO, Mumbai'],
    [{ locality: 'Mumbai', city: 'Mumbai', formatted: 'x' }, 'Mumbai'],
    [{ locality: ' ', city: 'Pune', formatted: 'x' }, 'Pune'],
    [{ locality: '', city: '', formatted: 'Somewhere, India' }, 'Somewhere, India'],
  ])('%j is %j', (place, expected) => {
    expect(placeName(place)).toBe(expected);
  });
});
