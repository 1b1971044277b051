import type { MessageTree } from '../../app/nest';

export default {
  app: {
    validation: {
      outOfRange: 'هذه القيمة خارج النطاق المسموح',
      reportLink: 'يجب أن يكون المحتوى رابط تقرير هذا الطالب',
    },
    activities: {
      notEditable: 'تم تقييم هذا النشاط: لم يعد تعديله ممكنًا',
      notDeletable: 'تم تقييم هذا النشاط: لم يعد حذفه ممكنًا',
      resubmitRequested: 'ينتظر هذا النشاط أن تعيد الأسرة تسليمه: لا يمكن حفظ تقييمه',
      notEvaluated: 'لم يُقيَّم هذا النشاط بعد',
      onlyFamiliesRate: 'أسرة الطفل وحدها يمكنها تقييم النشاط',
      notInGroup: 'الطفل ليس عضوًا نشطًا في هذه المجموعة',
      notResubmittable: 'لا يُعاد تسليم إلا نشاط أعاده المعلم',
      lessonNotInCourse: 'هذه المهمة ليست من دورة المجموعة',
    },
    notifications: { noFamily: 'ليس لهذا الطالب حساب أسرة لإبلاغه' },
    messages: { notToSelf: 'لا يمكنك إرسال رسالة إلى نفسك' },
    notify: {
      activitySubmitted: 'تم تسليم النشاط',
      activityUpdated: 'تم حفظ النشاط',
      activityDeleted: 'تم حذف النشاط',
      evaluationSaved: 'تم حفظ التقييم',
      evaluationDeleted: 'تم سحب التقييم',
      rated: 'شكرًا على تقييمك',
      messageSent: 'تم إرسال رسالتك',
      feedbackSent: 'شكرًا على ملاحظاتك',
      reportSent: 'تم إرسال التقرير إلى الأسرة',
      notificationsRead: 'تم التعليم كمقروء',
    },
  },
} satisfies MessageTree;
