import type { MessageTree } from '../../app/nest';

/** Marking area in Arabic: word scores, rescoring, the review queue, marking; and the server's messages of these. */
export default {
  app: {
    scores: {
      percentRange: 'أدخل نسبة مئوية من 0 إلى 100',
      thresholdOrder: 'لا يمكن أن يكون حد «النادر» أعلى من حد «غير الشائع»',
      notWordQuestion: 'ليس لهذا السؤال إجابات مكتوبة لتقييمها',
      questionLinked: 'رُبط السؤال بمجموعة الفئات',
      questionUnlinked: 'لم يعد هذا السؤال يُقيَّم بمجموعة فئات',
      rescoreQueued: 'بدأت إعادة التقييم',
      scored: 'حُسبت الدرجات',
      wordAssigned: 'أُضيفت الكلمة إلى القاموس وبدأت إعادة التقييم',
      wordDismissed: 'خرجت الكلمة من قائمة المراجعة',
      wordRestored: 'عادت الكلمة إلى قائمة المراجعة',
      notInQueue: 'هذه الكلمة ليست في انتظار المراجعة في هذه المجموعة',
      subcategoryNotInSet: 'هذه الفئة الفرعية من مجموعة فئات أخرى',
      alreadyAWord: 'هذه الكلمة موجودة في قاموس هذه المجموعة',
      wordMismatch: 'هذا الإملاء ليس الكلمة نفسها الموجودة في القائمة',
      tooManyWords: 'أرسل 200 كلمة على الأكثر في المرة الواحدة',
    },
  },
} satisfies MessageTree;
