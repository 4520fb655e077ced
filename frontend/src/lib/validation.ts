// Form rules with the specification's exact messages (000 §5, 001 §5). Mirrors the
// `validation` crate; both are checked against testdata/vectors/validation.json.
// Each validator returns a map of failing field -> message; an empty map means valid.

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  invalidOtp: 'Invalid OTP. Please try again.',
  locationRequired: 'Please enter your location or use auto-detect',
  onboardingEmailMissing: 'Email is required to complete onboarding',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  genderRequired: 'Please select your gender',
  // The specification gives no text for onboarding steps 2 and 3; these are ours.
  ageRangeRequired: 'Please select your age range',
  tooFewStyleInterests: 'Please select at least 3 style interests',
  tooManyStyleInterests: 'You can select up to 5 style interests',
  fitRequired: 'Please select at least one fit',
  addressSearchRequired: 'Pick an address or type manually',
  flatNumberRequired: 'Flat/House number required',
  wingBuildingRequired: 'Wing/Building required',
  cityRequired: 'City required',
  stateRequired: 'State required',
  pincodeInvalid: '6-digit pincode required',
  countryRequired: 'Country required',
  fullNameRequired: 'Full name required',
  phoneInvalid: 'Must be a 10-digit phone number',
  gmailRequired: 'Must be a valid @gmail.com address',
  accountFullNameRequired: 'Full name is required',
  genderInvalid: 'Please select a valid gender option.',
  dateOfBirthInvalid: 'Please select a valid date of birth.',
  dateOfBirthInFuture: 'Date of birth cannot be in the future.',
  dateOfBirthTooOld: 'Date of birth seems too far in the past.',
} as const;

export const OTP_LENGTH = 6;
export const STYLE_INTERESTS_MIN = 3;
export const STYLE_INTERESTS_MAX = 5;
export const PINCODE_LENGTH = 6;
export const PHONE_LENGTH = 10;
export const DATE_OF_BIRTH_MIN = '1900-01-01';
/** The longest name and e-mail the server stores (it refuses longer ones with a 400). */
export const NAME_MAX_CHARS = 100;
export const EMAIL_MAX_CHARS = 254;
/** Gender options of onboarding and the account form, compared case-insensitively. */
export const GENDERS = ['male', 'female', 'other'] as const;

// 000 §5: local@domain.tld with no spaces, no empty domain labels and a last label (TLD) of at
// least 2 characters. Not trimmed: a stray space makes it invalid (validation.json). The account
// form's "simple pattern" (001 §5) is the same rule.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/u;
const GMAIL = /^[^\s@]+@gmail\.com$/iu;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** The distinct non-blank entries of a multiple choice; a repeat or a blank one counts nothing. */
const choices = (value: unknown): Set<string> =>
  new Set((Array.isArray(value) ? value : []).map(text).filter((entry) => entry !== ''));
const isGenderOption = (value: unknown): boolean =>
  (GENDERS as readonly string[]).includes(text(value).toLowerCase());

export function isValidLoginEmail(email: unknown): boolean {
  return typeof email === 'string' && EMAIL.test(email);
}

/** An address the address wizard's e-mail rule accepts (001 §5: a @gmail.com address). */
export function isGmailAddress(email: unknown): boolean {
  return typeof email === 'string' && GMAIL.test(email);
}

/** Keeps only digits, at most six (the code inputs strip anything else, 000 §5). */
export function normalizeOtp(raw: unknown): string {
  return (typeof raw === 'string' ? raw : '').replace(/\D/gu, '').slice(0, OTP_LENGTH);
}

export function validateLoginEmail(email: string): FieldErrors<'email'> {
  return isValidLoginEmail(email) ? {} : { email: MESSAGES.invalidEmail };
}

export function validateOtpCode(raw: string): FieldErrors<'code'> {
  return normalizeOtp(raw).length === OTP_LENGTH ? {} : { code: MESSAGES.invalidOtp };
}

export function validateLocation(location: string): FieldErrors<'location'> {
  return isBlank(location) ? { location: MESSAGES.locationRequired } : {};
}

export interface OnboardingBasics {
  name: string;
  email: string;
  gender: string;
}

export function validateOnboardingBasics(
  input: OnboardingBasics,
): FieldErrors<keyof OnboardingBasics> {
  const errors: FieldErrors<keyof OnboardingBasics> = {};
  if (isBlank(input.name)) errors.name = MESSAGES.nameRequired;
  if (isBlank(input.email)) errors.email = MESSAGES.emailRequired;
  else if (!isValidLoginEmail(input.email)) errors.email = MESSAGES.invalidEmail;
  // Anything but one of the options counts as not selected.
  if (!isGenderOption(input.gender)) errors.gender = MESSAGES.genderRequired;
  return errors;
}

export interface OnboardingStyle {
  ageRange: string;
  styleInterests: string[];
}

export function validateOnboardingStyle(
  input: OnboardingStyle,
): FieldErrors<keyof OnboardingStyle> {
  const errors: FieldErrors<keyof OnboardingStyle> = {};
  if (isBlank(input.ageRange)) errors.ageRange = MESSAGES.ageRangeRequired;
  const interests = choices(input.styleInterests).size;
  if (interests < STYLE_INTERESTS_MIN) errors.styleInterests = MESSAGES.tooFewStyleInterests;
  else if (interests > STYLE_INTERESTS_MAX) errors.styleInterests = MESSAGES.tooManyStyleInterests;
  return errors;
}

export interface OnboardingFits {
  preferredFits: string[];
}

export function validateOnboardingFits(input: OnboardingFits): FieldErrors<keyof OnboardingFits> {
  return choices(input.preferredFits).size > 0 ? {} : { preferredFits: MESSAGES.fitRequired };
}

export interface AddressSearch {
  addressSearch: string;
}

export function validateAddressSearch(input: AddressSearch): FieldErrors<keyof AddressSearch> {
  return isBlank(input.addressSearch) ? { addressSearch: MESSAGES.addressSearchRequired } : {};
}

export interface AddressDetails {
  flatNumber: string;
  wingBuilding: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export function validateAddressDetails(input: AddressDetails): FieldErrors<keyof AddressDetails> {
  const errors: FieldErrors<keyof AddressDetails> = {};
  if (isBlank(input.flatNumber)) errors.flatNumber = MESSAGES.flatNumberRequired;
  if (isBlank(input.wingBuilding)) errors.wingBuilding = MESSAGES.wingBuildingRequired;
  if (isBlank(input.city)) errors.city = MESSAGES.cityRequired;
  if (isBlank(input.state)) errors.state = MESSAGES.stateRequired;
  // No Indian pincode starts with 0 (the server's rule too).
  if (!new RegExp(`^[1-9]\\d{${PINCODE_LENGTH - 1}}$`, 'u').test(text(input.pincode))) {
    errors.pincode = MESSAGES.pincodeInvalid;
  }
  if (isBlank(input.country)) errors.country = MESSAGES.countryRequired;
  return errors;
}

export interface AddressContact {
  fullName: string;
  phone: string;
  email: string;
}

export function validateAddressContact(input: AddressContact): FieldErrors<keyof AddressContact> {
  const errors: FieldErrors<keyof AddressContact> = {};
  if (isBlank(input.fullName)) errors.fullName = MESSAGES.fullNameRequired;
  if (!new RegExp(`^\\d{${PHONE_LENGTH}}$`, 'u').test(text(input.phone))) {
    errors.phone = MESSAGES.phoneInvalid;
  }
  if (!isGmailAddress(text(input.email))) errors.email = MESSAGES.gmailRequired;
  return errors;
}

export interface ManageAccount {
  fullName: string;
  email: string;
  gender: string;
  /** `YYYY-MM-DD`, or empty/null when not given (it is optional). */
  dateOfBirth: string | null;
  /** Today's date as `YYYY-MM-DD`, passed in so no clock is read here. */
  today: string;
}

/** A real calendar date as `YYYY-MM-DD`, or null. */
function calendarDate(value: string): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const roundTrips =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return roundTrips ? value : null;
}

export function validateManageAccount(
  input: ManageAccount,
): FieldErrors<'fullName' | 'email' | 'gender' | 'dateOfBirth'> {
  const errors: FieldErrors<'fullName' | 'email' | 'gender' | 'dateOfBirth'> = {};
  if (isBlank(input.fullName)) errors.fullName = MESSAGES.accountFullNameRequired;
  if (isBlank(input.email)) errors.email = MESSAGES.emailRequired;
  else if (!isValidLoginEmail(input.email)) errors.email = MESSAGES.invalidEmail;
  if (isBlank(input.gender)) errors.gender = MESSAGES.genderRequired;
  else if (!isGenderOption(input.gender)) errors.gender = MESSAGES.genderInvalid;
  if (!isBlank(input.dateOfBirth)) {
    const date = calendarDate(text(input.dateOfBirth));
    // ISO dates compare correctly as strings.
    if (!date) errors.dateOfBirth = MESSAGES.dateOfBirthInvalid;
    else if (date > input.today) errors.dateOfBirth = MESSAGES.dateOfBirthInFuture;
    else if (date < DATE_OF_BIRTH_MIN) errors.dateOfBirth = MESSAGES.dateOfBirthTooOld;
  }
  return errors;
}

/** Runs the rule named in testdata/vectors/validation.json on that rule's input. */
export const RULES = {
  login_email: (input: string) => validateLoginEmail(input),
  otp_code: (input: string) => validateOtpCode(input),
  location: (input: string) => validateLocation(input),
  onboarding_basics: (input: OnboardingBasics) => validateOnboardingBasics(input),
  onboarding_style: (input: OnboardingStyle) => validateOnboardingStyle(input),
  onboarding_fits: (input: OnboardingFits) => validateOnboardingFits(input),
  address_search: (input: AddressSearch) => validateAddressSearch(input),
  address_details: (input: AddressDetails) => validateAddressDetails(input),
  address_contact: (input: AddressContact) => validateAddressContact(input),
  manage_account: (input: ManageAccount) => validateManageAccount(input),
} as const;

export type RuleName = keyof typeof RULES;
