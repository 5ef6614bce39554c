import {
  applyActionCode,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { loadFirebaseAuth } from '@/lib/firebase';
import type { RegisterInput } from './auth-context';

/*
 * Every Firebase Auth call of the app. AuthProvider imports this module dynamically, which keeps
 * the Firebase SDK out of the entry bundle.
 */
export async function createAuthClient() {
  const auth = await loadFirebaseAuth();
  return {
    currentUser: (): User | null => auth.currentUser,
    onChange: (callback: (user: User | null) => void) => onAuthStateChanged(auth, callback),
    async signIn(email: string, password: string): Promise<User> {
      return (await signInWithEmailAndPassword(auth, email, password)).user;
    },
    async signInWithGoogle(): Promise<User> {
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      return (await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user;
    },
    /** Creates the account and sets its profile; the returned user already carries the new name. */
    async register({ name, email, password, photoURL }: RegisterInput): Promise<User> {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name, photoURL });
      await user.reload();
      return auth.currentUser ?? user;
    },
    signOut: () => signOut(auth),
    applyEmailCode: (code: string) => applyActionCode(auth, code),
    /** The signed-in user as Firebase knows them now (e.g. verified since signing in), or null. */
    async reload(): Promise<User | null> {
      await auth.currentUser?.reload();
      return auth.currentUser;
    },
  };
}

export type AuthClient = Awaited<ReturnType<typeof createAuthClient>>;
