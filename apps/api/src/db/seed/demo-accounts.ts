/**
 * Demo accounts created in the Firebase Auth emulator on start (never in a real Firebase project:
 * their passwords are public). The two suppliers own the seeded catalog; the buyer owns nothing.
 */
export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  photoURL: string;
}

export const DEMO_SUPPLIERS: readonly DemoAccount[] = [
  {
    uid: 'demo-supplier-ava',
    email: 'supplier@bulkwise.test',
    password: 'Supplier#2026',
    displayName: 'Ava Chen',
    photoURL: '/images/avatars/ava-chen.svg',
  },
  {
    uid: 'demo-supplier-marco',
    email: 'wholesale@bulkwise.test',
    password: 'Wholesale#2026',
    displayName: 'Marco Ruiz',
    photoURL: '/images/avatars/marco-ruiz.svg',
  },
];

export const DEMO_BUYER: DemoAccount = {
  uid: 'demo-buyer-priya',
  email: 'buyer@bulkwise.test',
  password: 'Buyer#2026',
  displayName: 'Priya Nair',
  photoURL: '/images/avatars/priya-nair.svg',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [...DEMO_SUPPLIERS, DEMO_BUYER];
