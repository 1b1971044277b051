import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { App } from '../../src/App';
import { SPEC_ADDRESSES } from '../../src/areas/specAddresses';
import { saveSession } from '../../src/session';
import { type Call, i18nFor, json, mockFetch } from './helpers';

/**
 * The original console's addresses (src/areas/specAddresses.tsx): each opens today's page for the same job, with its
 * ids; none shows the not-found page. The marking addresses that name a learner drop the learner unread (blind
 * marking): no call carries its id, and the learner's id leaves the address bar.
 */
const admin = {
  id: 5,
  name: 'Demo admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 1,
  photo: null,
  country: 'EG',
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};

/** A tiny API: /me answers the admin, everything else an empty answer of the shapes the pages read. */
const api = (call: Call) => {
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url.startsWith('/api/users/show/')) return json({ user: { ...admin, id: 41 }, tasks: [], childern: [] });
  if (call.url === '/api/auth/student') return json({ requests: [], count: 0 });
  return json({ users: [], count: 0 });
};

const open = async (path: string) => {
  saveSession('tok', admin);
  window.history.pushState({}, '', path);
  const calls = mockFetch(api);
  render(<App i18nProvider={await i18nFor('en')} />);
  return calls;
};

/** A learner's id the marking addresses carry, unlike any other number the test uses. */
const LEARNER = '987654';

const CASES: [string, string][] = [
  ['/user-profile/41', '/users/41'],
  ['/edit-user/41', '/users/41'],
  ['/edit-user', '/profile'],
  ['/groups/group/students/12', '/groups/12/show'],
  ['/groups/group/students/profile/77', '/student-details/77'],
  ['/permissions/3', '/roles/3'],
  [`/neomi-exam-correct/${LEARNER}/2/1`, '/pre-neomi'],
  [`/correct-neomi-exam/${LEARNER}/1/2`, '/pre-neomi'],
  [`/mark-neomi-test/${LEARNER}/31`, '/mark-neomi-test/31'],
  [`/mark-neomi-test/${LEARNER}/2/31`, '/mark-neomi-test/31'],
  [`/mark-neomi-test/${LEARNER}/2/3/31`, '/mark-neomi-test/31'],
];

describe("the specification's console addresses", () => {
  it('covers every address of the table', () => {
    const covered = new Set(
      CASES.map(([from]) => SPEC_ADDRESSES.find((a) => matches(a.path, from))?.path).filter(Boolean),
    );
    expect([...covered].sort()).toEqual(SPEC_ADDRESSES.map((a) => a.path).sort());
  });

  it.each(CASES)('%s opens %s', async (from, to) => {
    const calls = await open(from);
    await waitFor(() => expect(window.location.pathname).toBe(to), { timeout: 10_000 });
    // the page settles at the new address, and it is not the not-found page
    await new Promise((r) => setTimeout(r, 300));
    expect(window.location.pathname).toBe(to);
    expect(screen.queryByText('The page you are looking for does not exist.')).toBeNull();
    // blind marking: the learner's id is in no call and no longer in the address
    if (from.includes(LEARNER)) {
      expect(calls.filter((c) => `${c.url} ${JSON.stringify(c.body ?? '')}`.includes(LEARNER))).toEqual([]);
      expect(window.location.href).not.toContain(LEARNER);
    }
  });

  it('/auth/student lists the students waiting for an answer (POST /auth/student)', async () => {
    const calls = await open('/auth/student');
    expect(await screen.findByText('Students waiting for an answer', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/student')).toBe(true));
    expect(window.location.pathname).toBe('/auth/student');
  });
});

/** Whether a react-router path pattern (":x" one segment, "*" the rest) matches an address. */
function matches(pattern: string, address: string): boolean {
  const p = pattern.split('/');
  const a = address.split('/');
  if (p[p.length - 1] === '*')
    return a.length >= p.length - 1 && p.slice(0, -1).every((s, i) => s === a[i] || s.startsWith(':'));
  return p.length === a.length && p.every((s, i) => s === a[i] || s.startsWith(':'));
}
