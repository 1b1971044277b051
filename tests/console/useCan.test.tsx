import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { useCan, useGranted } from '../../src/useCan';

/** react-admin's context with an authProvider whose getPermissions answers `permissions` (or never). */
const wrapperWith =
  (permissions: Promise<unknown>) =>
  ({ children }: { children: ReactNode }) => {
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: () => permissions,
    };
    return (
      <AdminContext authProvider={authProvider} store={memoryStore()}>
        {children}
      </AdminContext>
    );
  };

describe('useCan (domain/access.ts through react-admin usePermissions)', () => {
  it('allows an action once the user is known to hold its permission', async () => {
    const { result } = renderHook(() => ({ logs: useCan('logs.read'), granted: useGranted() }), {
      wrapper: wrapperWith(Promise.resolve(['access_logs'])),
    });
    await waitFor(() => expect(result.current.logs).toBe(true));
    expect(result.current.granted).toEqual({ granted: ['access_logs'], isPending: false });
  });

  it('allows an action of several permissions to the holder of one of them', async () => {
    const { result } = renderHook(() => useCan('courses.author'), {
      wrapper: wrapperWith(Promise.resolve(['access_group'])),
    });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('refuses an action whose permission the user does not hold', async () => {
    const { result } = renderHook(() => ({ schools: useCan('schools.manage'), granted: useGranted() }), {
      wrapper: wrapperWith(Promise.resolve(['access_logs', 'admin_regions'])),
    });
    await waitFor(() => expect(result.current.granted.isPending).toBe(false));
    expect(result.current.granted.granted).toEqual(['access_logs', 'admin_regions']);
    expect(result.current.schools).toBe(false);
  });

  it('allows nothing while the permissions load', async () => {
    const { result } = renderHook(() => ({ logs: useCan('logs.read'), granted: useGranted() }), {
      wrapper: wrapperWith(new Promise(() => undefined)),
    });
    // give react-admin time to ask; the answer never comes
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toEqual({ logs: false, granted: { granted: [], isPending: true } });
  });

  it('re-renders its component when its answer changes only, not when permissions arrive with the same answer', async () => {
    const answer = async (permissions: string[]) => {
      const arrived = Promise.resolve(permissions);
      let renders = 0;
      const { result } = renderHook(
        () => {
          renders += 1;
          return useCan('logs.read');
        },
        { wrapper: wrapperWith(arrived) },
      );
      // react-query delivers the answer in a task of its own (notifyManager's setTimeout)
      await act(async () => {
        await arrived;
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      return { can: result.current, renders };
    };
    expect(await answer(['admin_regions'])).toEqual({ can: false, renders: 1 });
    expect(await answer(['access_logs'])).toEqual({ can: true, renders: 2 });
  });
});
