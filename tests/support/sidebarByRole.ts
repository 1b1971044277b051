/**
 * The sidebar each demo role must see (English labels), worked out by hand
 * from domain DEFAULT_ROLES and SIDEBAR (SPEC.md §2, §6) — not computed
 * with visibleSidebar, so the tests check it.
 */
export const SIDEBAR_BY_ROLE: Record<string, string[]> = {
  student: ['Profile', 'Courses', 'Log out'],
  teacher: ['Profile', 'Courses', 'Groups', 'Tests', 'Test analytics', 'Find a user', 'Log out'],
  marker: ['Profile', 'Tests to mark', 'Corrected tests', 'Log out'],
  region_admin: ['Profile', 'Region dashboard', 'Region schools', 'Region seats', 'Log out'],
  admin_school: ['Profile', 'School dashboard', 'Classes', 'School teachers', 'School students', 'Assigned seats', 'Log out'],
  admin: [
    'Overview', 'Profile', 'Teachers', 'Active teachers', 'Courses', 'Course approvals', 'Course requests', 'Group requests',
    'Groups', 'Users', 'Tests', 'Test analytics', 'Neomi report', 'School dashboard', 'Classes', 'School teachers',
    'School students', 'Assigned seats', 'Region dashboard', 'Region schools', 'Region seats', 'Admin dashboard',
    'Region admins', 'Seat requests', 'Results', 'Tests to mark', 'Corrected tests', 'Word categories', 'Test report',
    'Find a user', 'Roles', 'Logs', 'Kit orders', 'Log out',
  ],
};

/** The same lists in Arabic, for the right-to-left runs. */
export const SIDEBAR_BY_ROLE_AR: Record<string, string[]> = {
  student: ['الملف الشخصي', 'الدورات', 'تسجيل الخروج'],
  teacher: ['الملف الشخصي', 'الدورات', 'المجموعات', 'الاختبارات', 'تحليلات الاختبارات', 'البحث عن مستخدم', 'تسجيل الخروج'],
  marker: ['الملف الشخصي', 'اختبارات للتصحيح', 'الاختبارات المصححة', 'تسجيل الخروج'],
  region_admin: ['الملف الشخصي', 'لوحة المنطقة', 'مدارس المنطقة', 'مقاعد المنطقة', 'تسجيل الخروج'],
  admin_school: ['الملف الشخصي', 'لوحة المدرسة', 'الفصول', 'معلمو المدرسة', 'طلاب المدرسة', 'المقاعد المخصصة', 'تسجيل الخروج'],
  admin: [
    'نظرة عامة', 'الملف الشخصي', 'المعلمون', 'المعلمون النشطون', 'الدورات', 'اعتماد الدورات', 'طلبات الدورات', 'طلبات المجموعات',
    'المجموعات', 'المستخدمون', 'الاختبارات', 'تحليلات الاختبارات', 'تقرير نيومي', 'لوحة المدرسة', 'الفصول', 'معلمو المدرسة',
    'طلاب المدرسة', 'المقاعد المخصصة', 'لوحة المنطقة', 'مدارس المنطقة', 'مقاعد المنطقة', 'لوحة الإدارة',
    'مديرو المناطق', 'طلبات المقاعد', 'النتائج', 'اختبارات للتصحيح', 'الاختبارات المصححة', 'فئات الكلمات', 'تقرير الاختبارات',
    'البحث عن مستخدم', 'الأدوار', 'السجلات', 'طلبات الحقائب', 'تسجيل الخروج',
  ],
};

/** The demo accounts (server/seed/demo.ts) and their role; password demo1234. */
export const DEMO_ACCOUNTS: { email: string; role: string }[] = [
  { email: 'admin@demo.test', role: 'admin' },
  { email: 'region@demo.test', role: 'region_admin' },
  { email: 'school@demo.test', role: 'admin_school' },
  { email: 'teacher@demo.test', role: 'teacher' },
  { email: 'family@demo.test', role: 'student' },
  { email: 'marker@demo.test', role: 'marker' },
];
export const DEMO_PASSWORD = 'demo1234';
