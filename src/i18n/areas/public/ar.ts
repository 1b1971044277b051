import type { MessageTree } from '../../app/nest';

/** Arabic plurals: zero, one, two, few (3–10), many (11–99), other (100+). */
const sixForms = (zero: string, one: string, two: string, few: string, many: string, other: string): string =>
  [zero, one, two, few, many, other].join(' |||| ');

export default {
  app: {
    menu: {
      orders: 'طلبات الحقائب',
      forms: 'النماذج',
      /** the sidebar's sections (domain SIDEBAR_SECTIONS) */
      sections: {
        people: 'الأشخاص',
        teaching: 'التعليم',
        neomi: 'اختبار نيومي',
        schools: 'المدارس',
        regions: 'المناطق',
        administration: 'الإدارة',
      },
    },
    permissions: { access_public: 'طلبات الحقائب والنماذج العامة' },
    permissionGroups: { Public: 'الصفحات العامة' },
    /** the admins' notifications of a public send (domain NOTIFICATION_KINDS) */
    notifications: {
      kinds: { kit_order: 'طلب حقائب', form_answer: 'إجابات نموذج' },
      messages: {
        kit_order: 'طلب حقائب جديد من %{entity} (العدد: %{kits_no})',
        form_answer: 'إجابات جديدة من زائر على نموذج عام',
      },
    },
    logs: {
      actions: { change_status: 'تغيير الحالة' },
      entities: { kit_order: 'طلب حقائب', form: 'نموذج' },
    },
    codes: {
      orderStatus: { new: 'جديد', handled: 'تمت معالجته', cancelled: 'ملغى' },
      formFieldKind: {
        text: 'نص',
        email: 'بريد إلكتروني',
        phone: 'رقم هاتف',
        number: 'رقم',
        choice: 'اختيار واحد',
        multiChoice: 'اختيارات متعددة',
        date: 'تاريخ',
      },
    },
    public: {
      /** the confirmation page after a kit order (docs/api/public.md "Kit order") */
      confirmation: {
        title: 'شكرًا لك! وصلنا طلبك، وسيتواصل معك فريق الأكاديمية قريبًا.',
        reference: 'الرقم المرجعي',
        summary: 'ما طلبته',
        next: 'الخطوات التالية',
        next1: 'يراجع فريق الأكاديمية طلبك ويتواصل معك بالبريد الإلكتروني أو الهاتف لتأكيد الحقائب والسعر والتوصيل.',
        next2: 'تُرسل الحقائب إلى العنوان الذي ذكرته بعد تأكيد الطلب.',
        next3: 'اذكر الرقم المرجعي %{reference} كلما تواصلت معنا بشأن هذا الطلب.',
        mailed: 'أرسلنا هذا التأكيد إلى %{email}.',
        again: 'طلب جديد',
      },
      /** a date typed in the page's own order (LocaleDateInput) */
      date: {
        day: 'يوم',
        month: 'شهر',
        year: 'سنة',
        help: 'اليوم ثم الشهر ثم السنة، مثل %{example}',
      },
      orderSent: 'شكرًا لك! وصلنا طلبك، وسيتواصل معك فريق الأكاديمية قريبًا.',
      answerSent: 'شكرًا لك! وصلتنا إجاباتك.',
      kitsNumber: 'يرجى إدخال عدد صحيح من الحقائب، واحدة على الأقل',
      kitsTooMany: 'لأكثر من 10,000 حقيبة يرجى مراسلتنا',
      invalidPhone: 'يرجى إدخال رقم هاتف صحيح',
      challengeRequired: 'يرجى انتظار اكتمال التحقق من أنك إنسان، ثم الإرسال',
      tooManySends: 'رسائل كثيرة من هذا العنوان. يرجى المحاولة لاحقًا',
      formNotFound: 'هذا النموذج غير متاح',
      optionsRequired: 'يحتاج حقل الاختيار إلى خيار واحد على الأقل',
      duplicateName: 'لحقلين أو خيارين المفتاح نفسه',
      numberTooSmall: 'الرقم أصغر من المسموح',
      numberTooLarge: 'الرقم أكبر من المسموح',
      pageTitle: 'اطلب حقيبة نيومي',
      intro:
        'تقدم حقيبة نيومي ثلاثة تحديات إبداعية لمدرستك أو مركزك. حمّل نسخة تجريبية، ثم أخبرنا بعدد الحقائب التي تحتاجها.',
      sampleTitle: 'نسخة تجريبية من الحقيبة',
      sampleText: 'صفحات قليلة بالعربية والإنجليزية: ما هي الحقيبة، والتحديات الثلاثة، ونشاط تجريبي.',
      downloadSample: 'تحميل النسخة التجريبية (PDF)',
      orderTab: 'طلب الحقائب',
      send: 'إرسال',
      sending: 'جارٍ الإرسال، يرجى الانتظار…',
      honeypot: 'اترك هذا الحقل فارغًا',
      challengeHint: 'أرسلت عدة رسائل: يتحقق جهازك الآن من أنك إنسان. عندما تظهر علامة الصح في المربع، أرسل مرة أخرى.',
      signIn: 'تسجيل الدخول',
    },
    orders: {
      changeStatus: 'تغيير الحالة',
      statusChanged: 'تم تغيير الحالة',
      export: 'تصدير إلى Excel',
      newOrders: sixForms(
        'لا طلبات جديدة',
        'طلب جديد واحد',
        'طلبان جديدان',
        '%{smart_count} طلبات جديدة',
        '%{smart_count} طلبًا جديدًا',
        '%{smart_count} طلب جديد',
      ),
      handledBy: 'آخر تغيير: %{name}، %{date}',
    },
    forms: {
      fieldsTitle: 'الأسئلة',
      kind: 'نوع الإجابة',
      label: 'السؤال',
      required: 'مطلوب',
      options: 'الخيارات',
      optionLabel: 'خيار',
      min: 'أصغر رقم',
      max: 'أكبر رقم',
      answers: 'الإجابات',
      noAnswers: 'لا توجد إجابات بعد.',
      export: 'تصدير الإجابات إلى Excel',
      published: 'منشور',
      draft: 'غير منشور',
      publishedHint: 'يظهر النموذج المنشور في صفحة طلب الحقائب العامة.',
      languages: { ar: 'عربية', en: 'إنجليزية', de: 'ألمانية', fr: 'فرنسية' },
    },
  },
  resources: {
    orders: {
      name: sixForms('طلبات الحقائب', 'طلب حقائب', 'طلبَي حقائب', 'طلبات حقائب', 'طلبَ حقائب', 'طلب حقائب'),
      page: { list: 'طلبات الحقائب' },
      fields: {
        id: 'الرقم',
        email: 'البريد الإلكتروني',
        entity: 'الجهة (اسم المؤسسة)',
        kits_no: 'عدد الحقائب',
        contact_name: 'اسم جهة الاتصال',
        phone_number: 'رقم الهاتف',
        address: 'العنوان',
        comment: 'ملاحظات',
        locale: 'اللغة',
        status: 'الحالة',
        note: 'الملاحظة',
        handled_by_name: 'آخر تغيير بواسطة',
        handled_at: 'تاريخ التغيير',
        created_at: 'التاريخ',
      },
    },
    forms: {
      name: sixForms('النماذج', 'نموذج', 'نموذجَين', 'نماذج', 'نموذجًا', 'نموذج'),
      page: { list: 'النماذج' },
      fields: {
        id: 'الرقم',
        title: 'العنوان',
        description: 'الوصف',
        published: 'منشور',
        fields: 'الأسئلة',
        answers_count: 'الإجابات',
        created_at: 'تاريخ الإنشاء',
        updated_at: 'تاريخ التعديل',
      },
    },
    formAnswers: {
      name: sixForms('الإجابات', 'إجابة', 'إجابتَين', 'إجابات', 'إجابة', 'إجابة'),
      page: { list: 'الإجابات' },
      fields: { id: 'الرقم', created_at: 'التاريخ', locale: 'اللغة' },
    },
  },
} satisfies MessageTree;
