import type { MessageTree } from '../../app/nest';

/** صفحة المهام في الخلفية بالعربية (/background-jobs)، وتقدّم التصدير الذي تكتبه مهمة، ورسائل الخادم (domain/messages/jobs.ts). */
export default {
  app: {
    menu: { backgroundJobs: 'المهام في الخلفية' },
    jobs: {
      retried: 'أُرسلت المهمة من جديد',
      help: 'المهام التي فشلت في آخر %{days} أيام، والمهام التي تعمل منذ أكثر من %{minutes} دقائق. يمكن إرسال المهمة الفاشلة من جديد؛ أما الجارية فيتولاها خادم آخر إذا توقف خادمها. لا يُعرض أبدًا ما تحمله المهمة (رسالة بريد أو ملفات متعلم).',
      none: 'لم تفشل أي مهمة، ولا توجد مهمة تعمل مدة طويلة.',
      retry: 'إعادة المحاولة',
      retryOne: 'إعادة محاولة المهمة %{queue} %{id}',
      running: 'جارية',
      triesOf: '%{tries} من %{max}',
      createdAt: 'في الانتظار منذ %{time}',
      seconds: '%{n} ث',
      minutes: '%{n} د',
      hours: '%{n} س',
      columns: {
        queue: 'الطابور',
        state: 'الحالة',
        tries: 'المحاولات',
        started: 'البدء',
        duration: 'المدة',
        error: 'الخطأ',
        action: 'الإجراء',
      },
      states: { failed: 'فشلت', active: 'تعمل مدة طويلة' },
      queues: {
        mail: 'البريد',
        'password-reset': 'استعادة كلمة المرور',
        'erase-files': 'حذف الملفات',
        score: 'احتساب الدرجات',
        'guest-retention': 'حذف الضيوف القدامى',
        export: 'التصدير',
        'export-cleanup': 'حذف التصديرات القديمة',
      },
    },
    exports: {
      notReady: 'هذا التصدير غير جاهز بعد',
      failed: 'تعذّرت كتابة التصدير؛ اطلبه من جديد',
      title: 'جارٍ تجهيز %{name}',
      progress: 'تقدّم التصدير',
      waiting: 'في انتظار دوره…',
      rows: 'كُتب %{processed} من %{total} صفًّا',
      ready: 'الملف جاهز.',
      kept: 'يمكنك إغلاق هذه النافذة: يُحفظ الملف يومًا واحدًا.',
      download: 'تنزيل',
    },
  },
} satisfies MessageTree;
