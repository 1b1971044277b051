import type { MessageTree } from '../../app/nest';

/** Six Arabic plural forms: zero, one, two, few (3–10), many (11–99), other (100+). */
const sixForms = (zero: string, one: string, two: string, few: string, many: string, other: string): string =>
  [zero, one, two, few, many, other].join(' |||| ');

/** Score screens in Arabic: النتائج، مراجعة الدرجات، البحث عن متعلم، تقرير الاختبارات. */
export default {
  app: {
    score: {
      confirmed: 'مؤكَّدة',
      notConfirmed: 'غير مؤكَّدة',
      count: { takers: 'أدّوا الاختبار', scored: 'صُحِّحت اختباراتهم', confirmed: 'أُكِّدت درجاتهم' },
      review: {
        title: 'مراجعة الدرجات',
        notConfirmed: 'لم تُؤكَّد هذه الدرجات بعد.',
        confirmedBy: 'تم التأكيد: %{by}، %{at}.',
        outdated: 'تم التأكيد: %{by}، %{at}، لكن إعادة احتساب الدرجات غيّرتها منذ ذلك الحين: يلزم تأكيدها من جديد.',
        perAnswer: 'الأصالة لكل إجابة %{n}',
        answer: 'الإجابة',
        status: 'الحالة',
        category: 'الفئة',
        subcategory: 'الفئة الفرعية',
        points: 'النقاط',
        confirm: 'تأكيد الدرجة',
        sendReport: 'إرسال التقرير إلى الأسرة',
        openReport: 'فتح التقرير',
      },
      search: {
        label: 'اسم المتعلم',
        help: 'يكفي جزء من الاسم (50 متعلمًا على الأكثر).',
        none: 'لم يُعثر على أي متعلم.',
        name: 'المتعلم',
        parent: 'حساب الأسرة',
        tests: 'الاختبارات',
        noTests: 'لم يؤدِّ أي اختبار',
        unexpectedFormat: 'صيغة الرد غير متوقعة',
        review: 'الدرجات',
        report: 'التقرير',
      },
      cohort: {
        noTakers: 'لم يُصحَّح اختبار أي متعلم يطابق عوامل التصفية هذه.',
        takers: sixForms(
          'لم يُصحَّح أي متعلم (جميع من أدّوا الاختبار: %{all})',
          'متعلم واحد مصحَّح (جميع من أدّوا الاختبار: %{all})',
          'متعلمان مصحَّحان (جميع من أدّوا الاختبار: %{all})',
          '%{smart_count} متعلمين مصحَّحين (جميع من أدّوا الاختبار: %{all})',
          '%{smart_count} متعلمًا مصحَّحًا (جميع من أدّوا الاختبار: %{all})',
          '%{smart_count} متعلم مصحَّح (جميع من أدّوا الاختبار: %{all})',
        ),
        againstAll: 'المتوسطات مقارنةً بجميع من أدّوا الاختبار',
        cohortMean: 'هؤلاء المتعلمون',
        labels: 'فوق المتوسط ومتوسط ودونه',
        histogram: 'المجاميع: عدد المتعلمين',
        learners: 'المتعلمون',
        statistics: 'الإحصاءات',
        stat: {
          n: 'المتعلمون',
          mean: 'المتوسط',
          sd: 'الانحراف المعياري',
          min: 'الأدنى',
          p25: 'المئين 25',
          median: 'الوسيط',
          p75: 'المئين 75',
          max: 'الأعلى',
          programme_mean: 'متوسط جميع من أدّوا الاختبار',
        },
        by: { region: 'حسب المنطقة', school: 'حسب المدرسة', group: 'حسب المجموعة' },
        level: { region: 'المنطقة', school: 'المدرسة', group: 'المجموعة' },
        totalMean: 'متوسط المجموع',
        any: 'الكل',
        from: 'تاريخ الاختبار من',
        to: 'تاريخ الاختبار إلى',
        gender: 'الجنس',
        ageGroup: 'الفئة العمرية',
      },
    },
  },
  resources: {
    scores: {
      name: sixForms('النتائج', 'نتيجة', 'نتيجتَين', 'نتائج', 'نتيجة', 'نتيجة'),
      page: { list: 'النتائج' },
      fields: {
        name: 'المتعلم',
        fluency: 'الطلاقة',
        flexibility: 'المرونة',
        originality: 'الأصالة',
        total: 'المجموع',
        answers: 'الإجابات',
        test_date: 'تاريخ الاختبار',
        confirmed: 'التأكيد',
        exam_type: 'الاختبار',
        challenge: 'التحدي',
        group_id: 'المجموعة',
      },
    },
  },
} satisfies MessageTree;
