import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveApplication,
  getAdminApplications,
  rejectApplication,
} from '@/api/brand-applications';
import { adminKeys } from '@/api/admin-types';
import { applicationKeys, type ApplicationStatus } from '@/api/brand-applications-types';
import { ROLE, useSessionUser } from '@/stores/session';

export function useAdminApplications(status: ApplicationStatus | '') {
  const user = useSessionUser();
  return useQuery({
    queryKey: applicationKeys.admin(status),
    queryFn: ({ signal }) => getAdminApplications(status, signal),
    enabled: user.isLoggedIn && user.role === ROLE.admin,
  });
}

/** Approve or reject; every application list and every admin list (a new brand) may change. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; verb: 'approve' } | { id: string; verb: 'reject'; reason: string }) =>
      input.verb === 'approve' ? approveApplication(input.id) : rejectApplication(input.id, input.reason),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
