import type { ReactNode } from 'react';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { vi } from 'vitest';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { authProvider } from '../../src/authProvider';
import { dataProvider } from '../../src/dataProvider';
import { AppNotification } from '../../src/layout/AppNotification';
import { buildI18nProvider, loadMessages } from '../../src/i18n';
import type { AppLocale } from '../../src/i18n/locales';

/** The demo's platform admin as GET /api/me answers it, with the admin role's default permissions. */
export const demoAdmin = {
  id: 5,
  name: 'Nadia Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 2,
  photo: null,
  country: 'EG',
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};

/** A JSON answer for a mocked fetch. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/**
 * Replaces fetch with `answer(call)`; returns the list of calls made.
 * The body is parsed JSON, or the FormData itself.
 */
export const mockFetch = (answer: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const raw = init.body;
      const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
      const call: Call = { method: init.method ?? 'GET', url: String(input), body, headers: new Headers(init.headers) };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
};

export const i18nFor = async (locale: AppLocale) => buildI18nProvider(locale, await loadMessages(locale));

/** react-admin's context (real providers, memory store, notifications) around a component, at `path`. */
export const inAdmin = async (ui: ReactNode, { locale = 'en' as AppLocale, path = '/' } = {}) => {
  const i18nProvider = await i18nFor(locale);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        {ui}
        <AppNotification />
      </AdminContext>
    </TestMemoryRouter>
  );
};
