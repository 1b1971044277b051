import type { MessageTree } from '../../app/nest';

/** اختبار نيومي بالعربية. */
export default {
  app: {
    codes: {
      examType: { pre: 'الاختبار القبلي', post: 'الاختبار البعدي' },
      challenge: { c1: 'التحدي الأول', c2: 'التحدي الثاني', c3: 'التحدي الثالث' },
      stage: { s1: 'المرحلة الأولى', s2: 'المرحلة الثانية', s3: 'المرحلة الثالثة' },
      questionKind: {
        image_upload: 'رسمة أو صورة', checklist: 'قائمة اختيارات', repeated_draw: 'رسومات متكررة',
        graph: 'سؤال الشكل', single_choice: 'اختيار واحد', free_text: 'نص حر',
      },
    },
    exams: {
      imageRequired: 'يجب إرفاق صورة قبل كل مرحلة من مراحل الاختبار',
      answerRequired: 'يرجى كتابة إجابة واحدة على الأقل',
      answerEveryQuestion: 'يرجى الإجابة عن كل أسئلة هذه المرحلة',
      secondAnswerRequired: 'يرجى كتابة إجابتك عن السؤال الثاني',
      questionNotInStage: 'هذا السؤال ليس من هذه المرحلة',
      oneChoice: 'يرجى اختيار خيار واحد فقط',
      stagesMixed: 'يجب أن تنتمي كل إجابات الإرسال إلى مرحلة واحدة من اختبار واحد',
      noQuestions: 'لا توجد أسئلة في هذا الاختبار بعد',
      timeOver: 'انتهى وقت هذا الاختبار: الإجابات المرسلة محفوظة. اطلب من معلمك إعادة ضبط المؤقت',
      finished: 'هذا الاختبار منتهٍ بالفعل',
      stageDone: 'تم إرسال هذه المرحلة من قبل',
      previousStageFirst: 'يرجى إنهاء المرحلة السابقة أولًا',
      groupDisabled: 'الاختبارات متوقفة لمجموعة هذا المتعلم: يرجى سؤال المعلم',
      keyReused: 'استُخدم مفتاح الإرسال هذا لمرحلة أخرى',
      notStarted: 'لم يبدأ هذا الاختبار بعد',
      questionHasAnswers: 'لهذا السؤال إجابات ولا يمكن حذفه',
      invalidModel: 'يجب أن يكون الملف نموذجًا ثلاثي الأبعاد بصيغة glTF أو GLB',
      textRequired: 'يرجى كتابة نص السؤال بالعربية أو الإنجليزية',
      optionsRequired: 'يحتاج هذا النوع من الأسئلة إلى قائمة خيارات',
      kindNotInStage: 'هذا النوع من الأسئلة لا ينتمي إلى هذه المرحلة',
      timeSaved: 'تم حفظ مدة الاختبار',
      timerReset: 'تمت إعادة ضبط المؤقت',
      testRedone: 'حُذفت إجابات هذا الاختبار: يمكن للمتعلم أداؤه من جديد',
      answerUpdated: 'تم تعديل الإجابة',
      questionDeleted: 'تم حذف السؤال',
    },
  },
} satisfies MessageTree;
