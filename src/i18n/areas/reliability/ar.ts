import type { MessageTree } from '../../app/nest';

/** Six Arabic plural forms: zero, one, two, few (3–10), many (11–99), other (100+). */
const sixForms = (zero: string, one: string, two: string, few: string, many: string, other: string): string =>
  [zero, one, two, few, many, other].join(' |||| ');

/** ثبات التصحيح بين المصححين (/marking-admin/reliability، docs/RELIABILITY.md). */
export default {
  app: {
    reliability: {
      cohortInvalid: 'اختر فوجًا من القائمة (نوع الاختبار والتحدي والعام الدراسي)',
      title: 'ثبات التصحيح بين المصححين',
      open: 'ثبات التصحيح',
      help: 'مدى اتفاق المصححين على الاختبارات المصحَّحة مرتين، معيارًا معيارًا، ومقدار ميل كل مصحح عن الآخرين. تُحسب الأرقام من اختبارات الفوج المختار التي انتهى تصحيحاها الأول والثاني.',
      cohort: 'الفوج',
      cohortOption: '%{test} · %{year} · %{count}',
      doubleMarked: sixForms(
        'لا يوجد اختبار مصحَّح مرتين',
        'اختبار واحد مصحَّح مرتين',
        'اختباران مصحَّحان مرتين',
        '%{smart_count} اختبارات مصحَّحة مرتين',
        '%{smart_count} اختبارًا مصحَّحًا مرتين',
        '%{smart_count} اختبار مصحَّح مرتين',
      ),
      summary: '%{tests} · %{drawings} رسمة مقارنة',
      download: 'تنزيل جدول البيانات',
      none: 'لم يُصحَّح أي اختبار مرتين بعد. من صفحة توزيع التصحيح، وزّع الاختبارات المنتهية على مصحح ثانٍ.',
      back: 'توزيع التصحيح',
      reading:
        'يصل معامل الارتباط داخل الفئة (ICC) وكابا الموزونة إلى 1 (اتفاق تام)؛ والصفر يعني أن الاتفاق ليس أفضل من الصدفة. فوق 0.75 جيد، ومن 0.5 إلى 0.75 متوسط، ودون 0.5 ضعيف. بين القوسين فترة الثقة 95%: كلما قلّت الرسومات اتسعت.',
      criteria: {
        originality: 'الأصالة',
        elaboration: 'التفاصيل',
        closure: 'مقاومة الإغلاق',
        title: 'العنوان',
        total: 'مجموع الرسمة',
      },
      agreementTable: 'الاتفاق في كل معيار',
      criterion: 'المعيار',
      drawings: 'الرسومات',
      exact: 'نسبة التطابق',
      icc: 'ICC(2,1)',
      kappaQuadratic: 'كابا الموزونة (تربيعية)',
      kappaLinear: 'كابا الموزونة (خطية)',
      interval: '%{value} [%{lower} إلى %{upper}]',
      notDefined: 'غير محدد',
      notDefinedHelp: 'غير محدد: لم تتفاوت الدرجات، أو الرسومات قليلة جدًا',
      agreementChart: 'ICC وكابا التربيعية في كل معيار، مع فترات الثقة 95%',
      iccSeries: 'ICC(2,1)',
      kappaSeries: 'كابا التربيعية',
      markersTable: 'المصححون مقارنة بالإجماع',
      marker: 'المصحح',
      tests: 'الاختبارات',
      meanDeviation: 'متوسط الانحراف',
      status: 'الحالة',
      drifts: 'منجرف',
      steady: 'ضمن الحد',
      tooFew: 'اختبارات أقل من أن يُحكم عليها',
      driftsOn: 'منجرف في: %{criteria}',
      driftRule:
        'الإجماع في كل تصحيح هو متوسط التصحيحات الأخرى للرسمة نفسها. الانحراف الموجب يعني أن المصحح أسخى من الآخرين، والسالب أنه أشد. يُعدّ المصحح منجرفًا في معيار إذا زاد متوسط انحرافه، على %{min} اختبارات مصحَّحة مرتين على الأقل، عن %{share}% من مدى درجات المعيار.',
      deviationChart: 'متوسط الانحراف عن الإجماع: %{criterion}',
      deviationSeries: 'متوسط الانحراف',
      threshold: 'حد الانجراف ±%{value}',
      chartCriterion: 'معيار الرسم البياني',
    },
  },
} satisfies MessageTree;
