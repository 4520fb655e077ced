import { lazy, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onUnauthenticated } from '@/api/client';
import { sessionRejected } from '@/stores/session';
import { SignInSheetBody, type SignInSheetBodyProps } from '@/components/ui/sign-in-prompt';

// The login steps load when the sheet first opens, keeping them out of every first screen.
const LoginSteps = lazy(async () => ({
  default: (await import('@/features/auth/components/login-steps')).LoginSteps,
}));
const renderLoginSteps = ({ close }: SignInSheetBodyProps) => <LoginSteps close={close} />;

// A 401 UNAUTHENTICATED on any call means the server no longer knows the session: forget it in
// the browser too. Wired here so lib stays free of store imports.
onUnauthenticated(sessionRejected);

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignInSheetBody value={renderLoginSteps}>{children}</SignInSheetBody>
    </QueryClientProvider>
  );
}
