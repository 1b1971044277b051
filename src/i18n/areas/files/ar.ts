import type { MessageTree } from '../../app/nest';

export default {
  app: {
    import: {
      notAWorkbook: 'يجب أن يكون الملف مصنف Excel بصيغة ‎.xlsx',
      missingColumn: 'ينقص الملفَّ هذا العمود: استخدم القالب',
      tooManyRows: 'في الملف صفوف أكثر من المسموح',
      workbookTooLarge:
        'حجم المصنف بعد فك ضغطه أكبر من المسموح (50 ميغابايت في 200 جزء على الأكثر): احذف الصور أو قسّمه إلى عدة ملفات',
      fileRequired: 'يرجى اختيار ملف',
      hasErrors: 'بعض الصفوف غير صالحة: لم يُحفظ شيء',
      numberCell: 'كُتبت هذه القيمة رقمًا فضاع منها ما في أولها (الصفر أو علامة +): اكتبها نصًّا كما هي، مثل 01008337887',
      dateCellAmbiguous:
        'هذه خلية تاريخ قرأها البرنامج ربما شهرًا قبل اليوم: تأكد من اليوم والشهر، أو اكتب التاريخ نصًّا يومًا/شهرًا/سنةً',
    },
    errors: { requestTooLarge: 'الطلب أكبر من المسموح' },
  },
} satisfies MessageTree;
