import type { MessageTree } from '../../app/nest';

export default {
  app: {
    logs: { entities: { region: 'منطقة', school: 'مدرسة', school_class: 'فصل', seat_request: 'طلب مقاعد', group: 'مجموعة' } },
    schools: {
      errors: {
        noFreeSeats: 'لا توجد مقاعد شاغرة كافية: استخدمت المدرسة مقاعدها المعتمدة. اطلب مقاعد إضافية أولًا',
        nationalIdTaken: 'يوجد طالب مسجل بهذا الرقم القومي',
        schoolNotEmpty: 'ما زال في هذه المدرسة طلاب أو معلمون أو مجموعات: انقلهم أولًا',
        classNameTaken: 'يوجد في المدرسة فصل بهذا الاسم',
        schoolRequired: 'يرجى اختيار مدرسة',
        regionRequired: 'يرجى اختيار منطقة',
      },
    },
    seats: {
      errors: {
        alreadyDecided: 'تم البت في هذا الطلب من قبل',
        awaitingRegion: 'يجب أن يوافق مسؤول المنطقة على هذا الطلب أولًا',
        ownRequest: 'لا يمكنك البت في طلبك أنت',
      },
    },
    import: {
      duplicateInFile: 'تتكرر هذه القيمة في الملف أكثر من مرة',
      unknownClass: 'لا يوجد في المدرسة فصل بهذا الاسم',
      emailTaken: 'هذا البريد الإلكتروني لحساب خارج المدرسة',
      nationalIdTaken: 'هذا الرقم القومي لطالب في مدرسة أخرى',
    },
  },
} satisfies MessageTree;
