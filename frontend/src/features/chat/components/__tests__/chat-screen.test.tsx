import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';

/**
 * The chat call: answers `reply(message)` once `release` is called (at once by default), and
 * records the messages asked.
 */
function chatAnswers(
  reply: (message: string) => Response = (message) =>
    HttpResponse.json({ reply: `You asked: ${message}` }),
) {
  const asked: string[] = [];
  let release: () => void = () => {};
  let held = false;
  server.use(
    http.post('*/api/chat', async ({ request }) => {
      const { message } = (await request.json()) as { message: string };
      asked.push(message);
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return reply(message);
    }),
  );
  return {
    asked,
    hold: () => {
      held = true;
    },
    release: () => release(),
  };
}

const log = () => screen.findByRole('log', { name: 'Messages' });
const input = () => screen.getByPlaceholderText('Reply ...');
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const messages = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('[data-sender]')).map((node) => [
    node.getAttribute('data-sender'),
    node.querySelector('p')?.textContent?.replace(/^(You|Support): /, ''),
  ]);

describe('Support chat (001 §2)', () => {
  it('opens with the greeting in a polite log, under a header promising 60-minute delivery', async () => {
    chatAnswers();
    renderApp('/chat');
    const list = await log();
    expect(list).toHaveAttribute('aria-live', 'polite');
    expect(messages(list)).toEqual([['bot', 'Hi there! How can I help you today?']]);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByText(/within 60 minutes/)).toBeInTheDocument();
    expect(within(list).getByText(/^\d{1,2}:\d{2}\s?(am|pm)$/i)).toBeInTheDocument();
  });

  it('keeps Send disabled while the message is blank', async () => {
    const user = userEvent.setup();
    const api = chatAnswers();
    renderApp('/chat');
    await log();
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '{Enter}');
    expect(api.asked).toEqual([]);
    await user.type(input(), 'hi');
    expect(sendButton()).toBeEnabled();
  });

  it('sends with the button, shows typing until the reply, then the reply', async () => {
    const user = userEvent.setup();
    const api = chatAnswers(() => HttpResponse.json({ reply: 'Returns are free within 30 days.' }));
    api.hold();
    renderApp('/chat');
    const list = await log();
    await user.type(input(), '  What is your return policy?  ');
    await user.click(sendButton());
    expect(input()).toHaveValue('');
    expect(sendButton()).toBeDisabled();
    await waitFor(() => expect(api.asked).toEqual(['What is your return policy?']));
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Support is typing...');
    expect(messages(list)).toEqual([
      ['bot', 'Hi there! How can I help you today?'],
      ['user', 'What is your return policy?'],
    ]);

    act(() => api.release());
    await waitFor(() => expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument());
    expect(messages(list)).toEqual([
      ['bot', 'Hi there! How can I help you today?'],
      ['user', 'What is your return policy?'],
      ['bot', 'Returns are free within 30 days.'],
    ]);
  });

  it('sends on Enter', async () => {
    const user = userEvent.setup();
    const api = chatAnswers();
    renderApp('/chat');
    const list = await log();
    await user.type(input(), 'Where is my order?{Enter}');
    expect(await within(list).findByText('You asked: Where is my order?')).toBeInTheDocument();
    expect(api.asked).toEqual(['Where is my order?']);
  });

  it.each([
    [
      'a failed answer',
      () => HttpResponse.json({ error: 'Boom', code: 'INTERNAL' }, { status: 500 }),
    ],
    ['a network failure', () => HttpResponse.error()],
  ])('answers %s with the failure text (001 §8)', async (_case, answer) => {
    const user = userEvent.setup();
    chatAnswers(answer);
    renderApp('/chat');
    const list = await log();
    await user.type(input(), 'Hello{Enter}');
    await waitFor(() =>
      expect(messages(list).at(-1)).toEqual([
        'bot',
        'Something went wrong. Please try again later.',
      ]),
    );
    expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument();
  });

  it('asks the autoMessage it was opened with, once, under the greeting', async () => {
    const api = chatAnswers();
    const { router } = renderApp('/home');
    await act(() => router.navigate('/chat', { state: { autoMessage: 'Track order 1234' } }));
    const list = await log();
    expect(await within(list).findByText('You asked: Track order 1234')).toBeInTheDocument();
    expect(messages(list)).toEqual([
      ['bot', 'Hi there! How can I help you today?'],
      ['user', 'Track order 1234'],
      ['bot', 'You asked: Track order 1234'],
    ]);
    expect(api.asked).toEqual(['Track order 1234']);
    // Not asked again when this history entry is shown again.
    expect(router.state.location.state).toBeNull();
  });

  it('closes back to where it was opened from', async () => {
    const user = userEvent.setup();
    chatAnswers();
    const { router } = renderApp('/profile');
    await screen.findByRole('navigation', { name: 'Account' });
    await act(() => router.navigate('/chat'));
    await log();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
