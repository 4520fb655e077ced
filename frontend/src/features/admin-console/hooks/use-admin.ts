import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAudit, type AuditFilter } from '@/api/admin-audit';
import {
  createBanner,
  deleteBanner,
  getBanners,
  updateBanner,
} from '@/api/admin-banners';
import { createBrand, getAdminBrands, updateBrand, uploadBrandLogo } from '@/api/admin-brands';
import {
  createCategory,
  deleteCategory,
  getAdminCategories,
  orderCategories,
  updateCategory,
} from '@/api/admin-categories';
import {
  adminKeys,
  type BannerCategory,
  type BannerFields,
  type BrandChanges,
  type CategoryChanges,
  type NewBrand,
  type NewCategory,
  type RoleName,
} from '@/api/admin-types';
import { getAdminUsers, setUserRole } from '@/api/admin-users';
import type { UploadProgress } from '@/api/admin-upload';
import { ROLE, useSessionUser } from '@/stores/session';

/** Only an admin's session asks: everybody else would get 403. */
function useIsAdmin() {
  const user = useSessionUser();
  return user.isLoggedIn && user.role === ROLE.admin;
}

export function useAdminBrands(search = '') {
  return useQuery({
    queryKey: adminKeys.brands(search),
    queryFn: ({ signal }) => getAdminBrands(search, signal),
    enabled: useIsAdmin(),
    placeholderData: keepPreviousData,
  });
}

/** After any admin write: every admin list may show it (a brand's count, a category's place). */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSaveBrand() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { id: null; brand: NewBrand } | { id: string; brand: BrandChanges }) =>
      input.id === null ? createBrand(input.brand) : updateBrand(input.id, input.brand),
    onSettled: invalidate,
  });
}

export function useUploadBrandLogo() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (upload: { id: string; file: File; onProgress?: UploadProgress }) =>
      uploadBrandLogo(upload.id, upload.file, upload.onProgress),
    onSettled: invalidate,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => getAdminCategories(signal),
    enabled: useIsAdmin(),
  });
}

export function useSaveCategory() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (
      input: { id: null; category: NewCategory } | { id: string; category: CategoryChanges },
    ) =>
      input.id === null
        ? createCategory(input.category)
        : updateCategory(input.id, input.category),
    onSettled: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: deleteCategory, onSettled: invalidate });
}

export function useOrderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderCategories,
    onSuccess: (categories) => queryClient.setQueryData(adminKeys.categories(), categories),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useBanners(category: BannerCategory | '' = '') {
  return useQuery({
    queryKey: adminKeys.banners(category),
    queryFn: ({ signal }) => getBanners(category, signal),
    enabled: useIsAdmin(),
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      fields,
      version,
      onProgress,
    }: {
      id: string | null;
      fields: BannerFields;
      version?: number;
      onProgress?: UploadProgress;
    }) =>
      id === null
        ? createBanner(fields, onProgress)
        : updateBanner(id, fields, version ?? 0, onProgress),
    // The home screen's hero reads the same banners.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: ({ signal }) => getAdminUsers(search, page, signal),
    enabled: useIsAdmin(),
    placeholderData: keepPreviousData,
  });
}

export function useSetUserRole() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, role, brandId }: { id: string; role: RoleName; brandId: string | null }) =>
      setUserRole(id, role, brandId),
    onSettled: invalidate,
  });
}

/** The user with exactly this e-mail (the audit log's actor filter), null when none. */
export function useUserByEmail(email: string) {
  const wanted = email.trim().toLowerCase();
  return useQuery({
    queryKey: [...adminKeys.users(wanted, 1), 'exact'],
    queryFn: async ({ signal }) =>
      (await getAdminUsers(wanted, 1, signal)).users.find(
        (user) => user.email?.toLowerCase() === wanted,
      ) ?? null,
    enabled: useIsAdmin() && wanted.includes('@'),
  });
}

export function useAudit(filter: AuditFilter, ready = true) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ signal }) => getAudit(filter, signal),
    enabled: isAdmin && ready,
    placeholderData: keepPreviousData,
  });
}
