import { createContext, useContext } from 'react';
import type { SessionUser } from '@shared/schemas/auth';

export type SignOutReason = 'logout' | 'expired';

export interface AuthContextValue {
  user: SessionUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * Set by a deliberate logout until the landing page shows, so protected pages send
   * the user home instead of to the login form.
   */
  justLoggedOut: boolean;
  /** The session ended on its own (a 401 on a signed-in page): sign-in says so and returns there. */
  sessionExpired: boolean;
  signIn: (user: SessionUser) => void;
  signOut: (reason: SignOutReason) => void;
  updateUser: (user: SessionUser) => void;
  acknowledgeLogout: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
