import { useNavigate } from 'react-router';
import { signOut } from '../lib/auth-state.ts';

/** Signs out and returns home; a failure is only logged (docs/product.md §2, Navigation). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (await signOut()) await navigate('/');
  };
}
