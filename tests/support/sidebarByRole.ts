/**
 * The sidebar each demo role must see (English labels), worked out by hand
 * from domain DEFAULT_ROLES, SIDEBAR and SIDEBAR_SECTIONS (docs/PRODUCT.md §2 "Sidebar", §6) —
 * not computed with visibleSidebar, so the tests check it. The sidebar is
 * grouped: each entry is a section's header (null for the items shown
 * without one: overview and profile first, log out last) and its items.
 */
export type SidebarGroups = [section: string | null, items: string[]][];

/** The items alone, in the order shown. */
export const itemsOf = (groups: SidebarGroups): string[] => groups.flatMap(([, items]) => items);

export const SIDEBAR_BY_ROLE: Record<string, SidebarGroups> = {
  student: [
    [null, ['Profile']],
    ['Teaching', ['Courses']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
  teacher: [
    [null, ['Profile']],
    ['Teaching', ['Courses', 'Groups', 'Activities']],
    ['Neomi test', ['Tests', 'Test analytics', 'Find a user']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
  marker: [
    [null, ['Profile']],
    ['Neomi test', ['Tests to mark', 'Corrected tests']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
  region_admin: [
    [null, ['Profile']],
    ['Regions', ['Region dashboard', 'Region schools', 'Region seats']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
  admin_school: [
    [null, ['Profile']],
    ['Schools', ['School dashboard', 'Classes', 'School teachers', 'School students', 'Assigned seats']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
  admin: [
    [null, ['Overview', 'Profile']],
    ['People', ['Teachers', 'Active teachers', 'Users']],
    ['Teaching', ['Courses', 'Course approvals', 'Course requests', 'Group requests', 'Groups', 'Activities']],
    [
      'Neomi test',
      [
        'Tests',
        'Test analytics',
        'Neomi report',
        'Results',
        'Tests to mark',
        'Corrected tests',
        'Marking allocation',
        'Word categories',
        'Test report',
        'Find a user',
      ],
    ],
    ['Schools', ['School dashboard', 'Classes', 'School teachers', 'School students', 'Assigned seats']],
    [
      'Regions',
      ['Region dashboard', 'Region schools', 'Region seats', 'Admin dashboard', 'Region admins', 'Seat requests'],
    ],
    ['Administration', ['Roles', 'Logs', 'Settings', 'Background jobs', 'Kit orders', 'Forms']],
    [null, ['Gallery', 'Messages', 'Feedback', 'Log out']],
  ],
};

/** The same in Arabic, for the right-to-left runs. */
export const SIDEBAR_BY_ROLE_AR: Record<string, SidebarGroups> = {
  student: [
    [null, ['الملف الشخصي']],
    ['التعليم', ['الدورات']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
  teacher: [
    [null, ['الملف الشخصي']],
    ['التعليم', ['الدورات', 'المجموعات', 'الأنشطة']],
    ['اختبار نيومي', ['الاختبارات', 'تحليلات الاختبارات', 'البحث عن مستخدم']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
  marker: [
    [null, ['الملف الشخصي']],
    ['اختبار نيومي', ['اختبارات للتصحيح', 'الاختبارات المصححة']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
  region_admin: [
    [null, ['الملف الشخصي']],
    ['المناطق', ['لوحة المنطقة', 'مدارس المنطقة', 'مقاعد المنطقة']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
  admin_school: [
    [null, ['الملف الشخصي']],
    ['المدارس', ['لوحة المدرسة', 'الفصول', 'معلمو المدرسة', 'طلاب المدرسة', 'المقاعد المخصصة']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
  admin: [
    [null, ['نظرة عامة', 'الملف الشخصي']],
    ['الأشخاص', ['المعلمون', 'المعلمون النشطون', 'المستخدمون']],
    ['التعليم', ['الدورات', 'اعتماد الدورات', 'طلبات الدورات', 'طلبات المجموعات', 'المجموعات', 'الأنشطة']],
    [
      'اختبار نيومي',
      [
        'الاختبارات',
        'تحليلات الاختبارات',
        'تقرير نيومي',
        'النتائج',
        'اختبارات للتصحيح',
        'الاختبارات المصححة',
        'توزيع التصحيح',
        'فئات الكلمات',
        'تقرير الاختبارات',
        'البحث عن مستخدم',
      ],
    ],
    ['المدارس', ['لوحة المدرسة', 'الفصول', 'معلمو المدرسة', 'طلاب المدرسة', 'المقاعد المخصصة']],
    ['المناطق', ['لوحة المنطقة', 'مدارس المنطقة', 'مقاعد المنطقة', 'لوحة الإدارة', 'مسؤولو المناطق', 'طلبات المقاعد']],
    ['الإدارة', ['الأدوار', 'السجلات', 'الإعدادات', 'المهام في الخلفية', 'طلبات الحقائب', 'النماذج']],
    [null, ['المعرض', 'الرسائل', 'الملاحظات', 'تسجيل الخروج']],
  ],
};
