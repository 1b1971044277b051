import { describe, expect, it, vi } from 'vitest';
import { childIdOf, startsFamilyApp } from '../../src/family/familyPaths';
import { firstCallsOf } from '../../src/family/earlyCalls';
import { clearSession, saveSession } from '../../src/session';

const user = { id: 3, name: 'Mona Family', email: 'family@demo.test', roles: ['student'], permissions: [] };

describe('the family app (src/family/familyPaths.ts)', () => {
  it("starts for a family's session at its profile or a child's page only", () => {
    saveSession('tok', { ...user, type: 0 });
    for (const path of ['/profile', '/profile/', '/PROFILE', '/student-details/12', '/student-details/12/'])
      expect(startsFamilyApp(path), path).toBe(true);
    for (const path of ['/', '/overview', '/gallery', '/student-details', '/student-details/12/x', '/profile/3'])
      expect(startsFamilyApp(path), path).toBe(false);
    // an admin's account is of the family type too: the whole console
    saveSession('tok', { ...user, type: 0, roles: ['admin'] });
    expect(startsFamilyApp('/profile')).toBe(false);
  });

  it('leaves any other user, no session or a session it cannot read to the whole console', () => {
    saveSession('tok', { ...user, type: 1 });
    expect(startsFamilyApp('/profile'), 'a teacher').toBe(false);
    saveSession('tok', { ...user, type: 3 });
    expect(startsFamilyApp('/profile'), 'a guest').toBe(false);
    clearSession();
    expect(startsFamilyApp('/profile'), 'no session').toBe(false);
    window.localStorage.setItem('neomi.user', JSON.stringify({ ...user, type: 0 }));
    expect(startsFamilyApp('/profile'), 'a user without a token').toBe(false);
    window.localStorage.setItem('neomi.token', 'tok');
    window.localStorage.setItem('neomi.user', '{not json');
    expect(startsFamilyApp('/profile'), 'a user that cannot be read').toBe(false);
  });

  it("starts the page's first calls: the user, and a child's details on the child's page", () => {
    expect(childIdOf('/student-details/12')).toBe('12');
    expect(childIdOf('/profile')).toBeUndefined();
    expect(firstCallsOf('/profile')).toEqual(['/me']);
    expect(firstCallsOf('/student-details/12/')).toEqual(['/me', '/student/details/12']);
  });
});

describe('a family page the server rendered (src/family/familyPaths.ts renderedFamilyPage)', () => {
  const answer = { queries: { mutations: [], queries: [] } };
  /** The document as the server sends the page (server/pageTemplate.ts fillTemplate), at `pathname`. */
  const servedPage = (pathname: string, page: string, key: string, locale = 'ar') => {
    window.history.replaceState(null, '', pathname);
    document.body.innerHTML =
      `<div id="root" data-page="${page}" data-locale="${locale}"><main>rendered</main></div>` +
      `<script type="application/json" id="neomi-page-data">${JSON.stringify({ page, key, answer })}</script>`;
    return document.getElementById('root')!;
  };
  /** src/pageData.tsx reads the block once per document: a fresh module for each document. */
  const renderedFamilyPageNow = async () => {
    vi.resetModules();
    return (await import('../../src/family/familyPaths')).renderedFamilyPage;
  };

  it("is hydrated for the device's own user, at its address and in its language", async () => {
    saveSession('tok', { ...user, type: 0 });
    const root = servedPage('/profile', '/profile', '3');
    expect((await renderedFamilyPageNow())(root, 'ar')).toEqual(answer);
    const child = servedPage('/student-details/12', '/student-details/:id', '3/12');
    expect((await renderedFamilyPageNow())(child, 'ar')).toEqual(answer);
  });

  it("is rendered afresh when it is another user's or child's, in another language, or no user is signed in", async () => {
    saveSession('tok', { ...user, type: 0 });
    const cases: [string, HTMLElement, string][] = [
      ["another user's profile (a cookie left beside this session)", servedPage('/profile', '/profile', '4'), 'ar'],
      ["another child's page", servedPage('/student-details/12', '/student-details/:id', '3/13'), 'ar'],
      ['another language chosen on the device', servedPage('/profile', '/profile', '3', 'en'), 'ar'],
      ['another page than the address', servedPage('/student-details/12', '/profile', '3'), 'ar'],
    ];
    for (const [name, root, locale] of cases)
      expect((await renderedFamilyPageNow())(root, locale), name).toBeUndefined();
    clearSession();
    const root = servedPage('/profile', '/profile', '3');
    expect((await renderedFamilyPageNow())(root, 'ar'), 'no session').toBeUndefined();
  });
});
