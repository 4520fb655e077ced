// The admin console's words. The requirements leave what admins see to us (000 §6).

export const ADMIN_TEXTS = {
  title: 'Admin console',
  signIn: 'Sign in to use the admin console',
  signInHint: 'Admins manage brands, categories, banners and people here.',
  signInButton: 'Sign In',
  signInReason: 'Sign in to use the admin console.',
  adminsOnly: 'The admin console is for admins',
  adminsOnlyHint: 'Only admins can manage brands, categories, banners and people.',
  backToProfile: 'Back to Profile',
  loadFailed: 'Could not load this page. Please try again.',
  stale:
    'Someone else changed this while you were editing. Their version is shown now: ' +
    'make your changes again and save.',
  sections: {
    brands: { label: 'Brands', hint: 'Create brands, edit them, upload logos, deactivate them.' },
    categories: { label: 'Categories', hint: 'The category tree per gender, in display order.' },
    banners: { label: 'Banners', hint: 'Home hero and other banners, with a live preview.' },
    users: { label: 'Users and roles', hint: 'Make people brand teams or admins.' },
    audit: { label: 'Audit log', hint: 'Every console change: who, when, before and after.' },
    applications: {
      label: 'Applications',
      hint: 'Brands applying to sell: review, approve or reject with a reason.',
    },
  },
} as const;

export type AdminSection = keyof typeof ADMIN_TEXTS.sections;

export const GENDER_LABELS = { male: 'Men', female: 'Women', unisex: 'Unisex' } as const;
