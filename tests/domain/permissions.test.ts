import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES,
  PERMISSION_NAMES,
  SIDEBAR,
  SIDEBAR_SECTIONS,
  sidebarSectionOf,
  visibleSidebar,
  visibleSidebarSections,
} from '../../domain/permissions';

const paths = (granted: readonly string[]) => visibleSidebar(granted).map((i) => i.path);

describe('sidebar by permission (docs/PRODUCT.md §2 "Sidebar" and §6)', () => {
  it('lists every sidebar path of docs/PRODUCT.md §2 "Sidebar"', () => {
    const spec = [
      '/overview',
      '/profile',
      '/teachers',
      '/active_teacher',
      '/courses',
      '/auth/courses',
      '/course/requests',
      '/auth/groups',
      '/groups',
      '/users',
      '/exams',
      '/neomi-exams-two',
      '/neomi-exams-report',
      '/school-dashboard',
      '/school',
      '/school-teachers',
      '/school-students',
      '/assigned-quota',
      '/region-dashboard',
      '/region-schools',
      '/region-seats',
      '/admin-dashboard',
      '/region-admin',
      '/admin-seats',
      '/score',
      '/pre-neomi',
      '/corrected-exams',
      '/category-management',
      '/exam/report',
      '/search/user',
      '/logout',
    ];
    expect(SIDEBAR.map((i) => i.path).filter((p) => spec.includes(p))).toEqual(spec);
  });

  /** gallery, messages and feedback: every signed-in user (docs/PRODUCT.md §1), at the end */
  const EVERYONE = ['/gallery', '/message', '/feedback', '/logout'];

  it('shows a user without permissions only the profile, gallery, messages, feedback and logout', () => {
    expect(paths([])).toEqual(['/profile', ...EVERYONE]);
  });

  it('gives the marker only the correction items', () => {
    expect(paths(DEFAULT_ROLES.marker)).toEqual(['/profile', '/pre-neomi', '/corrected-exams', ...EVERYONE]);
  });

  it('hides the other test items from a marker who also has access_neomi, unless they administer Neomi', () => {
    expect(paths(['mark_neomi_test', 'access_neomi'])).not.toContain('/exams');
    expect(paths(['mark_neomi_test', 'access_neomi', 'admin_neomi'])).toContain('/exams');
    expect(paths(['access_neomi'])).toEqual(['/profile', '/exams', '/neomi-exams-two', '/search/user', ...EVERYONE]);
  });

  it('shows the admin every item', () => {
    expect(paths(PERMISSION_NAMES)).toEqual(SIDEBAR.map((i) => i.path));
  });

  it('shows the region admin the region items', () => {
    expect(paths(DEFAULT_ROLES.region_admin)).toEqual([
      '/profile',
      '/region-dashboard',
      '/region-schools',
      '/region-seats',
      ...EVERYONE,
    ]);
  });

  it('shows the school admin the school items', () => {
    expect(paths(DEFAULT_ROLES.admin_school)).toEqual([
      '/profile',
      '/school-dashboard',
      '/school',
      '/school-teachers',
      '/school-students',
      '/assigned-quota',
      ...EVERYONE,
    ]);
  });
});

describe('sidebar sections', () => {
  const EVERYONE = ['/gallery', '/message', '/feedback', '/logout'];
  const sections = (granted: readonly string[]) =>
    visibleSidebarSections(granted).map((g) => [g.section.id, g.items.map((i) => i.path)]);

  it('puts every item in a section and lists each section once', () => {
    const ids = SIDEBAR_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of SIDEBAR) expect(ids, item.path).toContain(item.section);
  });

  it('shows a section only when one of its items is allowed, items in sidebar order', () => {
    expect(sections(DEFAULT_ROLES.region_admin)).toEqual([
      ['start', ['/profile']],
      ['regions', ['/region-dashboard', '/region-schools', '/region-seats']],
      ['end', EVERYONE],
    ]);
    expect(sections(DEFAULT_ROLES.teacher).map(([id]) => id)).toEqual(['start', 'teaching', 'neomi', 'end']);
    expect(sections([]).map(([id]) => id)).toEqual(['start', 'end']);
  });

  it('gives the admin every section, every item once', () => {
    const groups = visibleSidebarSections(PERMISSION_NAMES);
    expect(groups.map((g) => g.section.id)).toEqual(SIDEBAR_SECTIONS.map((s) => s.id));
    expect(groups.flatMap((g) => g.items.map((i) => i.path)).sort()).toEqual(SIDEBAR.map((i) => i.path).sort());
  });

  it('finds the section of a page, sub-pages included', () => {
    expect(sidebarSectionOf('/orders')).toBe('administration');
    expect(sidebarSectionOf('/orders/3/show')).toBe('administration');
    expect(sidebarSectionOf('/school/5')).toBe('schools');
    expect(sidebarSectionOf('/school-teachers')).toBe('schools');
    expect(sidebarSectionOf('/auth/groups/')).toBe('teaching');
    expect(sidebarSectionOf('/profile')).toBe('start');
    expect(sidebarSectionOf('/nowhere')).toBeUndefined();
    expect(sidebarSectionOf('/')).toBeUndefined();
  });
});
