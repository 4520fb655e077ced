import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { RAZORPAY_CHECKOUT_URL, type RazorpayConstructor } from './razorpay-checkout';

// Each test starts from a fresh module: the loader keeps its one load for the page's life.
async function freshLoader() {
  vi.resetModules();
  return import('./razorpay-checkout');
}

const FakeRazorpay: RazorpayConstructor = class {
  open() {}
};

const scripts = () =>
  Array.from(
    document.head.querySelectorAll<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_URL}"]`),
  );

beforeEach(() => {
  delete window.Razorpay;
});

afterEach(() => {
  delete window.Razorpay;
  for (const script of scripts()) script.remove();
});

describe('loadRazorpay', () => {
  it('adds checkout.js once for every caller, and answers Razorpay once it has run', async () => {
    const { loadRazorpay } = await freshLoader();
    const first = loadRazorpay();
    const second = loadRazorpay();
    expect(second).toBe(first);
    const [script, ...more] = scripts();
    expect(more).toEqual([]);
    expect(script?.async).toBe(true);

    window.Razorpay = FakeRazorpay;
    fireEvent.load(script!);
    await expect(first).resolves.toBe(FakeRazorpay);
    await expect(loadRazorpay()).resolves.toBe(FakeRazorpay);
    expect(scripts()).toHaveLength(1);
  });

  it('uses Razorpay already on the page without loading anything', async () => {
    const { loadRazorpay } = await freshLoader();
    window.Razorpay = FakeRazorpay;
    await expect(loadRazorpay()).resolves.toBe(FakeRazorpay);
    expect(scripts()).toEqual([]);
  });

  it('rejects when the script fails, and the next call tries again', async () => {
    const { loadRazorpay } = await freshLoader();
    const failing = loadRazorpay();
    fireEvent.error(scripts()[0]!);
    await expect(failing).rejects.toThrow('checkout.js could not be loaded');
    expect(scripts()).toEqual([]);

    const retry = loadRazorpay();
    expect(retry).not.toBe(failing);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script runs without setting Razorpay', async () => {
    const { loadRazorpay } = await freshLoader();
    const loading = loadRazorpay();
    fireEvent.load(scripts()[0]!);
    await expect(loading).rejects.toThrow('checkout.js loaded without Razorpay');
  });
});
