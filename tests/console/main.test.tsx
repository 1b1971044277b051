import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { getToken } from '../../src/session';
import { type Call, json, mockFetch } from './helpers';

const admin = {
  id: 1,
  name: 'Demo admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 1,
  photo: null,
  country: 'EG',
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};

/** A tiny API: sign-in, /me, empty lists. */
const api = (call: Call) => {
  if (call.url === '/api/login') return json({ user: admin, access_token: 'tok' });
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url.startsWith('/api/users/show/')) return json({ user: admin, tasks: [], childern: [] });
  return json({ users: [], roles: [], count: 0 });
};

describe('main.tsx', () => {
  it('starts the light public app at /login, then the whole console takes over in place after signing in', async () => {
    const user = userEvent.setup();
    document.body.innerHTML = '<div id="root"></div>';
    window.localStorage.setItem('neomi.locale', 'en');
    window.history.replaceState(null, '', '/login');
    const calls = mockFetch(api);
    const unload = vi.fn();
    window.addEventListener('beforeunload', unload);

    const { started } = await import('../../src/main');
    await user.type(await screen.findByLabelText(/Email/, {}, { timeout: 20_000 }), 'admin@demo.test');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'demo1234');
    // the public app has no sidebar
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const menu = await screen.findByRole('menu', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(2));
    expect(window.location.pathname).toBe('/overview');
    expect(getToken()).toBe('tok');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/login' });
    expect(unload).not.toHaveBeenCalled();
    // unmounted here, so React does no more work once jsdom is gone
    (await started).unmount();
  });
});
