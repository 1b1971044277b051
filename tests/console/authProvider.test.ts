import { HttpError } from 'react-admin';
import { vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { getSessionUser, getToken, saveSession } from '../../src/session';
import { json, mockFetch } from './helpers';

const user = {
  id: 3,
  name: 'Hala',
  email: 'hala@demo.test',
  type: 0,
  gender: 2,
  photo: null,
  roles: ['student'],
  permissions: ['access_courses'],
};

describe('authProvider', () => {
  it('logs in with POST /api/login and keeps the token and user', async () => {
    const calls = mockFetch(() => json({ user, access_token: 'abc' }));
    await authProvider.login({ email: '  hala@demo.test ', password: 'demo1234' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/login',
      body: { email: 'hala@demo.test', password: 'demo1234' },
    });
    expect(getToken()).toBe('abc');
    expect(getSessionUser()).toMatchObject({ id: 3, name: 'Hala' });
    expect(window.localStorage.getItem('neomi.loggedIn')).toBe('1');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects a wrong password with the server key and stores nothing', async () => {
    mockFetch(() =>
      json({ message: 'The email or password is not correct', key: 'app.errors.invalidCredentials' }, 401),
    );
    await expect(authProvider.login({ email: 'x@y.test', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      message: 'app.errors.invalidCredentials',
    });
    expect(getToken()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it('logs out with POST /api/logout, then forgets the session even if the token was already revoked', async () => {
    saveSession('abc', user);
    const calls = mockFetch(() => json({ message: 'revoked' }, 401));
    await authProvider.logout({});
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/logout' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer abc');
    expect(getToken()).toBeNull();
  });

  it('on a 401 clears the session and asks react-admin to log out', async () => {
    saveSession('abc', user);
    await expect(authProvider.checkError(new HttpError('x', 401, {}))).rejects.toBeDefined();
    expect(getToken()).toBeNull();
  });

  it('sends a 404 without message to /404 without logging out, and lets other errors through', async () => {
    saveSession('abc', user);
    await expect(authProvider.checkError(new HttpError('x', 404, {}))).rejects.toEqual({
      logoutUser: false,
      redirectTo: '/404',
      message: false,
    });
    await expect(
      authProvider.checkError(
        new HttpError('app.errors.notFound', 404, { message: 'Not found', key: 'app.errors.notFound' }),
      ),
    ).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('app.errors.forbidden', 403, {}))).resolves.toBeUndefined();
    expect(getToken()).toBe('abc');
  });

  it('gives the identity from the session, its photo fetched with the token (an <img> alone gets 401)', async () => {
    saveSession('abc', { ...user, photo: '/api/files/photos/x.png' });
    const calls = mockFetch(
      () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:photo-of-hala');
    Object.assign(URL, { createObjectURL });
    try {
      await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
        id: 3,
        fullName: 'Hala',
        avatar: 'blob:photo-of-hala',
      });
      expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/files/photos/x.png' });
      expect(calls[0].headers.get('authorization')).toBe('Bearer abc');
      // fetched once, then remembered
      await authProvider.getIdentity?.();
      expect(calls).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
    }
  });

  it('gives no avatar when the photo cannot be read', async () => {
    saveSession('abc', { ...user, photo: '/api/files/photos/gone.png' });
    mockFetch(() => json({ message: 'Not found', key: 'app.errors.notFound' }, 404));
    const identity = await authProvider.getIdentity?.();
    expect(identity).toMatchObject({ id: 3, fullName: 'Hala' });
    expect(identity?.avatar).toBeUndefined();
  });

  it('reads permission names from GET /api/me and refreshes the stored user', async () => {
    saveSession('abc', user);
    const calls = mockFetch(() =>
      json({ user: { ...user, name: 'Hala N.', permissions: ['access_courses', 'access_group'] } }),
    );
    await expect(authProvider.getPermissions?.({})).resolves.toEqual(['access_courses', 'access_group']);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/me' });
    expect(getSessionUser()?.name).toBe('Hala N.');
  });

  it('has no permissions without a session, and calls nothing', async () => {
    const calls = mockFetch(() => json({}));
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('registers with POST /api/register and is signed in at once', async () => {
    const calls = mockFetch(() => json({ user, access_token: 'new' }, 201));
    await authProvider.register({ type: 0, name: 'Hala' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/register' });
    expect(getToken()).toBe('new');
  });
});
