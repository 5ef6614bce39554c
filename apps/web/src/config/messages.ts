/**
 * Every user-facing text of the web that the spec fixes (sections 2, 4, 5, 8, 9), shown exactly as
 * written; messages.test.ts pins them to the spec's wording. Texts the API answers with too stay in
 * @bulkwise/contracts. No imports: the startup overlay reads BRAND before the app's code loads.
 */
export const BRAND = 'Bulkwise';

export const PASSWORD_MIN_LENGTH = 6;
/** The special characters the registration password rule accepts. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export const PASSWORD_MESSAGES = {
  title: 'Invalid Password',
  tooShort: 'Password must be at least 6 characters long',
  noUppercase: 'Password must contain at least one uppercase letter',
  noLowercase: 'Password must contain at least one lowercase letter',
  noSpecial: 'Password must contain at least one special character',
  allMet: 'Password meets all requirements ✓',
} as const;

export const REGISTER_MESSAGES = {
  photoRequired: 'Please provide a photo URL to complete registration.',
  success: 'Registration successful!',
  busy: 'Creating Account...',
  failedTitle: 'Registration Failed',
  emailInUse: 'This email is already registered. Would you like to sign in instead?',
  invalidEmail: 'Please enter a valid email address.',
  operationNotAllowed: 'Email/password registration is not enabled. Please contact support.',
  weakPassword: 'Please choose a stronger password.',
  other: 'An error occurred during registration.',
} as const;

export const LOGIN_MESSAGES = {
  heading: 'Welcome Back',
  subtitle: 'Sign in to access your account',
  success: 'Successfully logged in!',
  googleSuccess: 'Successfully logged in with Google!',
  failedTitle: 'Sign In Failed',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredential: 'Invalid email or password. Please check your credentials and try again.',
  userDisabled: 'This account has been disabled. Please contact support.',
  userNotFound: 'No account found with this email.',
  wrongPassword: 'Incorrect password. Please try again.',
  tooManyRequests: 'Too many failed attempts. Please try again later.',
  other: 'Invalid email or password. Please try again.',
} as const;

export const GOOGLE_MESSAGES = {
  failedTitle: 'Google Sign In Failed',
  popupClosed: 'Sign in cancelled. Please try again.',
  popupBlocked: 'Pop-up blocked by browser. Please allow pop-ups for this site.',
  accountExists: 'An account already exists with the same email but different sign-in credentials.',
  other: 'An error occurred while signing in with Google.',
} as const;

export const LOGOUT_MESSAGES = {
  confirm: 'Are you sure? You will be logged out of your account.',
  confirmButton: 'Yes, logout!',
  cancelButton: 'Cancel',
  success: 'Successfully logged out!',
} as const;

/** Ordered check set of the add and update product forms (spec section 5), in order. */
export const PRODUCT_FORM_MESSAGES = {
  imageRequired: 'Please enter a product image URL',
  imageInvalid: 'Please enter a valid image URL',
  mainQuantity: 'Main quantity must be greater than 0',
  minSellingQuantity: 'Minimum selling quantity must be greater than 0',
  price: 'Price must be greater than 0',
  rating: 'Rating must be between 1 and 5',
} as const;

export const PRODUCT_MESSAGES = {
  addTitle: 'Add New Product',
  adding: 'Adding Product...',
  addFailed: 'Failed to add product. Please try again.',
  updating: 'Updating...',
  loadDetailsFailed: 'Failed to load product details. Please try again.',
  updateFailed: 'Failed to update product. Please try again.',
  loadFailed: 'Failed to load products. Please try again.',
  deleteFailed: 'Failed to delete product. Please try again.',
  shelfEmpty: 'Your Product Shelf is Empty',
  addFirst: 'Add Your First Product',
  noneAvailable: 'No Products Available',
  noneMatchFilter: 'No Products Match Filter',
  /** Takes MIN_ORDER_FILTER_THRESHOLD (contracts): this file imports nothing, so the boot path stays small. */
  noneMatchFilterDetail: (over: number) => `No products with minimum selling quantity greater than ${over}.`,
  loadDataFailed: 'Failed to load data',
  loadProductFailed: 'Failed to load product',
} as const;

export const CATEGORY_MESSAGES = {
  title: 'Product Categories',
  subtitle: 'Browse our extensive range of wholesale product categories for your business needs',
  empty: 'No categories found.',
  loadFailed: 'Failed to load categories. Please try again later.',
  homeLoadFailed: 'Failed to load categories',
  homeFetchFailedInternal: 'Failed to fetch categories',
  homeEmpty: 'No categories available',
} as const;

export const CART_MESSAGES = {
  title: 'My Cart',
  empty: 'Your Cart is Empty',
  loadFailed: 'Failed to load cart items',
  removeFailed: 'Failed to remove item from cart',
} as const;

export const NOT_FOUND_MESSAGES = {
  title: 'Page Not Found',
  text: "Oops! The page you're looking for doesn't exist.",
  back: 'Back to Homepage',
} as const;

export const OFFER_MESSAGES = {
  claimedTitle: 'Offer claimed successfully!',
  claimedText: (title: string, code: string) => `${title} — Use code: ${code}`,
} as const;

export const SESSION_MESSAGES = {
  expired: 'Your session has expired. Please sign in again.',
} as const;

/** Title of a page: '{page} | Bulkwise'. */
export const pageTitle = (page: string) => `${page} | ${BRAND}`;
