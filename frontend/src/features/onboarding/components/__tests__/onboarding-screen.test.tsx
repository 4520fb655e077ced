import { describe, expect, it } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { server } from '@/testing/mocks/server';
import { newServerUser, serverUser } from '@/testing/mocks/users';
import { useSessionActions, useSessionUser } from '@/stores/session';

const EMAIL = 'ravi@example.in';

function signedIn(user = newServerUser(EMAIL)) {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn({ ...user, location: 'Bandra West, Mumbai' }));
  return actions;
}

/** POST /api/users as the server answers it: the caller, onboarded with the answers. */
function registration() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/users', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(
        serverUser({
          _id: 'u-new',
          email: EMAIL,
          display_name: body.display_name as string,
          gender: body.gender as string,
          ageRange: body.ageRange as string,
          interests: body.interests as string[],
          ml_preferences: body.ml_preferences as string[],
          location: 'Bandra West, Mumbai',
          onboarded: true,
        }),
      );
    }),
  );
  return bodies;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const next = () => screen.getByRole('button', { name: 'Next' });

async function throughBasics(user: UserEvent) {
  await heading('Let’s get to know you');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.click(next());
  await heading('Your style');
}

async function throughStyle(user: UserEvent) {
  await throughBasics(user);
  await user.click(screen.getByRole('radio', { name: 'Gen Z (18-25)' }));
  for (const interest of ['Streetwear', 'Minimal', 'Ethnic']) {
    await user.click(screen.getByRole('checkbox', { name: interest }));
  }
  await user.click(next());
  await heading('Your fit');
}

describe('onboarding (000 §2.4)', () => {
  describe('who may stay', () => {
    it('sends a visitor without an e-mail to /', async () => {
      const { router } = renderApp('/onboarding');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it('sends a logged-in user who is not new to /', async () => {
      signedIn(serverUser());
      const { router } = renderApp('/onboarding');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it("keeps a new user, with the session's name and e-mail filled in", async () => {
      signedIn();
      const { router } = renderApp('/onboarding');
      expect(await heading('Let’s get to know you')).toBeInTheDocument();
      expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('ravi');
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(EMAIL);
      expect(screen.getByRole('radio', { name: 'Male' })).not.toBeChecked();
      expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
      expect(screen.getByRole('radio', { name: 'Other' })).not.toBeChecked();
      expect(router.state.location.pathname).toBe('/onboarding');
    });
  });

  describe('step rules (000 §5)', () => {
    it('asks for a name, an e-mail and a gender', async () => {
      const user = userEvent.setup();
      signedIn();
      renderApp('/onboarding');
      await heading('Let’s get to know you');
      await user.clear(screen.getByRole('textbox', { name: 'Name' }));
      await user.clear(screen.getByRole('textbox', { name: 'Email' }));
      await user.click(next());
      expect(screen.getByText('Name is required')).toBeInTheDocument();
      expect(screen.getByText('Email is required')).toBeInTheDocument();
      expect(screen.getByText('Please select your gender')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'Name is required',
      );

      await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ravi@example');
      expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ravi');
      expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
      await user.click(next());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Let’s get to know you');
    });

    it('asks for an age range and 3 to 5 style interests, refusing a sixth', async () => {
      const user = userEvent.setup();
      signedIn();
      renderApp('/onboarding');
      await throughBasics(user);
      expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
        'Gen Z (18-25)',
        'Millennial (26-35)',
        'Other',
      ]);
      await user.click(next());
      expect(screen.getByText('Please select your age range')).toBeInTheDocument();
      expect(screen.getByText('Please select at least 3 style interests')).toBeInTheDocument();

      await user.click(screen.getByRole('radio', { name: 'Millennial (26-35)' }));
      expect(screen.queryByText('Please select your age range')).not.toBeInTheDocument();
      const picks = ['Streetwear', 'Minimal', 'Ethnic', 'Casual', 'Formal'];
      for (const interest of picks.slice(0, 2)) {
        await user.click(screen.getByRole('checkbox', { name: interest }));
      }
      await user.click(next());
      expect(screen.getByText('Please select at least 3 style interests')).toBeInTheDocument();
      for (const interest of picks.slice(2)) {
        await user.click(screen.getByRole('checkbox', { name: interest }));
      }
      expect(screen.getByText('Pick 3 to 5 · 5 selected')).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Vintage' }));
      expect(screen.getByRole('checkbox', { name: 'Vintage' })).not.toBeChecked();
      expect(screen.getByText('You can select up to 5 style interests')).toBeInTheDocument();
      expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(5);

      await user.click(screen.getByRole('checkbox', { name: 'Formal' }));
      expect(screen.queryByText('You can select up to 5 style interests')).not.toBeInTheDocument();
      await user.click(next());
      expect(await heading('Your fit')).toBeInTheDocument();
    });

    it('asks for at least one fit, and Back keeps the answers', async () => {
      const user = userEvent.setup();
      signedIn();
      registration();
      renderApp('/onboarding');
      await throughStyle(user);
      await user.click(screen.getByRole('button', { name: 'Finish' }));
      expect(screen.getByText('Please select at least one fit')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Your style');
      expect(screen.getByRole('radio', { name: 'Gen Z (18-25)' })).toBeChecked();
      expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(3);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Let’s get to know you');
      expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
      expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    });
  });

  describe('completing', () => {
    it('registers the answers, welcomes the user and goes to /', async () => {
      const user = userEvent.setup();
      signedIn();
      const bodies = registration();
      const { router } = renderApp('/onboarding');
      await heading('Let’s get to know you');
      const name = screen.getByRole('textbox', { name: 'Name' });
      await user.clear(name);
      await user.type(name, '  Ravi Kumar ');
      await throughStyle(user);
      await user.click(screen.getByRole('checkbox', { name: 'Relaxed Fit' }));
      await user.click(screen.getByRole('checkbox', { name: 'Slim Fit' }));
      await user.click(screen.getByRole('button', { name: 'Finish' }));

      const welcome = await screen.findByRole('dialog', { name: 'Welcome to Casa, Ravi Kumar!' });
      expect(bodies).toEqual([
        {
          email: EMAIL,
          display_name: 'Ravi Kumar',
          gender: 'female',
          ageRange: 'Gen Z (18-25)',
          interests: ['Streetwear', 'Minimal', 'Ethnic'],
          ml_preferences: ['Relaxed Fit', 'Slim Fit'],
          location: 'Bandra West, Mumbai',
        },
      ]);
      expect(renderHook(() => useSessionUser()).result.current).toMatchObject({
        isLoggedIn: true,
        isNewUser: false,
        role: 0,
        name: 'Ravi Kumar',
        onboardingData: {
          styleInterests: ['Streetwear', 'Minimal', 'Ethnic'],
          preferredFits: ['Relaxed Fit', 'Slim Fit'],
          ageRange: 'Gen Z (18-25)',
        },
      });
      expect(router.state.location.pathname).toBe('/onboarding');

      const start = within(welcome).getByRole('button', { name: 'Start Shopping' });
      expect(start).toHaveFocus();
      await user.click(start);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it("shows the server's words when registration fails, and stays signed in", async () => {
      const user = userEvent.setup();
      signedIn();
      server.use(
        http.post('*/api/users', () =>
          HttpResponse.json(
            { error: 'You can only see and change your own account.', code: 'FORBIDDEN' },
            { status: 403 },
          ),
        ),
      );
      renderApp('/onboarding');
      await throughStyle(user);
      await user.click(screen.getByRole('checkbox', { name: 'Regular Fit' }));
      await user.click(screen.getByRole('button', { name: 'Finish' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You can only see and change your own account.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(renderHook(() => useSessionUser()).result.current).toMatchObject({
        isLoggedIn: true,
        isNewUser: true,
      });
    });

    it('needs the signed-in e-mail to complete', async () => {
      const user = userEvent.setup();
      const actions = signedIn();
      const bodies = registration();
      renderApp('/onboarding');
      await throughStyle(user);
      await user.click(screen.getByRole('checkbox', { name: 'Regular Fit' }));
      // The session ends while the form is open (a 401 elsewhere, another tab logging out).
      act(() => actions.loggedOut());
      await user.click(screen.getByRole('button', { name: 'Finish' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Email is required to complete onboarding',
      );
      expect(bodies).toEqual([]);
    });
  });
});
