import { describe, expect, it } from 'vitest';
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
