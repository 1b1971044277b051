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
    },
    errors: { requestTooLarge: 'الطلب أكبر من المسموح' },
  },
} satisfies MessageTree;
