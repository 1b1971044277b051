import { apiFetch } from '../../http';
import { clearDevice, getToken } from '../../session';

/**
 * A walk-in guest's session ends with the test (docs/SECURITY.md "Guest
 * sessions"): the token revoked on the server (POST /logout) and the device
 * left as the next child should find it (session.ts clearDevice).
 */
export async function endGuestSession(): Promise<void> {
  if (getToken()) {
    try {
      await apiFetch('/logout', { method: 'POST' });
    } catch {
      // an expired or revoked token: nothing left to revoke
    }
  }
  clearDevice();
}
