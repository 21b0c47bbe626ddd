import { useNavigate } from 'react-router';
import { signOut } from '../lib/auth-state.ts';

/** Signs out and returns home; a failure is only logged (spec section 8, "Logout failure ... only logged"). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (await signOut()) await navigate('/');
  };
}
