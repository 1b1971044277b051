import type { WordLanguage } from '../../domain/schemas/dictionary';
import { normaliseText } from '../../domain/scoring';
import type { Transaction } from '../db/client';
import { categories, categorySets, categoryWords, subcategories } from '../db/schema';
import type { DemoContext } from './context';

/**
 * Demo dictionary: one category set per sample word question of the exam
 * bank (DEMO_SET_OF_QUESTION), found by code so that questions can point at
 * them, and 'round-things' (things that are round). Words are Arabic first,
 * then English, with a few German and French ones.
 */
type Words = Partial<Record<WordLanguage, string[]>>;
interface DemoSet {
  code: string;
  name: string;
  categories: Record<string, Record<string, Words>>;
}

export const DEMO_CATEGORY_SETS: readonly DemoSet[] = [
  {
    code: 'cup-uses',
    name: 'استخدامات الكوب',
    categories: {
      مشروبات: {
        'مشروبات ساخنة': {
          ar: ['شاي', 'قهوة', 'حليب ساخن', 'يانسون'],
          en: ['tea', 'coffee', 'hot chocolate'],
          de: ['Tee'],
        },
        'مشروبات باردة': { ar: ['ماء', 'عصير', 'عصير برتقال', 'لبن'], en: ['water', 'juice', 'lemonade'], fr: ['jus'] },
      },
      زراعة: {
        أصيص: {
          ar: ['أصيص', 'زرع نبتة', 'زرع بذور', 'حوض صغير للنبات'],
          en: ['plant pot', 'flower pot', 'grow seeds'],
          de: ['Blumentopf'],
        },
        سقي: { ar: ['سقي الزرع', 'رش الماء على الورد'], en: ['watering the plants'] },
      },
      أدوات: {
        'حامل أقلام': { ar: ['حامل أقلام', 'علبة ألوان', 'وضع الفرش فيه'], en: ['pen holder', 'brush holder'] },
        قياس: { ar: ['مكيال', 'قياس الدقيق', 'قياس السكر'], en: ['measuring cup', 'measure flour'] },
        قالب: {
          ar: ['قالب رمل', 'قالب كعك', 'رسم دائرة'],
          en: ['sand mould', 'cookie cutter', 'draw a circle'],
          fr: ['moule à sable'],
        },
      },
      'ألعاب وموسيقى': {
        إيقاع: { ar: ['طبلة', 'جرس', 'آلة إيقاع'], en: ['drum', 'bell'] },
        ألعاب: {
          ar: ['هاتف الخيط', 'برج أكواب', 'لعبة رمي الكرة'],
          en: ['string telephone', 'cup tower', 'cup and ball'],
        },
      },
      'بيت وزينة': {
        إضاءة: { ar: ['فانوس', 'غطاء مصباح', 'حامل شمعة'], en: ['lantern', 'lamp shade', 'candle holder'] },
        تخزين: { ar: ['حفظ الأزرار', 'حصالة', 'علبة حلوى'], en: ['button box', 'piggy bank', 'sweet jar'] },
      },
    },
  },
  {
    code: 'round-things',
    name: 'أشياء مستديرة',
    categories: {
      طبيعة: {
        سماء: { ar: ['الشمس', 'القمر', 'كوكب', 'البدر'], en: ['sun', 'moon', 'planet', 'full moon'], fr: ['lune'] },
        فواكه: {
          ar: ['برتقالة', 'تفاحة', 'بطيخة', 'عنب'],
          en: ['orange', 'apple', 'watermelon', 'grape'],
          de: ['Apfel'],
        },
        حيوانات: { ar: ['بيضة', 'قنفذ ملتف', 'صدفة'], en: ['egg', 'curled hedgehog', 'snail shell'] },
      },
      'في البيت': {
        مطبخ: { ar: ['صحن', 'طنجرة', 'رغيف خبز', 'كعكة'], en: ['plate', 'pot lid', 'pizza', 'cake'] },
        'أشياء صغيرة': {
          ar: ['زر', 'خاتم', 'قطعة نقود', 'خرزة'],
          en: ['button', 'ring', 'coin', 'bead'],
          fr: ['bouton'],
        },
        زمن: { ar: ['ساعة حائط', 'منبه'], en: ['wall clock', 'alarm clock'] },
      },
      'ألعاب ورياضة': {
        كرات: {
          ar: ['كرة', 'كرة قدم', 'بالون', 'كرة سلة'],
          en: ['ball', 'football', 'balloon', 'basketball'],
          de: ['Fußball'],
        },
        دوران: { ar: ['طوق', 'دوامة', 'فرفيرة'], en: ['hoop', 'spinning top', 'pinwheel'] },
      },
      مواصلات: {
        عجلات: { ar: ['عجلة', 'إطار سيارة', 'مقود'], en: ['wheel', 'tyre', 'steering wheel'], fr: ['roue'] },
      },
      'جسم الإنسان': {
        وجه: { ar: ['عين', 'بؤبؤ العين', 'وجه مبتسم'], en: ['eye', 'pupil', 'smiley face'] },
      },
    },
  },
  {
    code: 'box-uses',
    name: 'استخدامات صندوق الكرتون',
    categories: {
      لعب: {
        'بيوت ومخابئ': {
          ar: ['بيت للقطة', 'خيمة', 'قلعة', 'بيت دمى'],
          en: ['cat house', 'den', 'castle', 'dolls house'],
        },
        مركبات: { ar: ['سيارة', 'سفينة', 'صاروخ', 'قطار'], en: ['car', 'boat', 'rocket', 'train'] },
      },
      تخزين: {
        تنظيم: {
          ar: ['صندوق ألعاب', 'حفظ الكتب', 'درج للجوارب'],
          en: ['toy box', 'book storage', 'sock drawer'],
          de: ['Spielzeugkiste'],
        },
        نقل: { ar: ['نقل الأغراض', 'إرسال هدية'], en: ['moving house', 'gift box'] },
      },
      فن: {
        مسرح: {
          ar: ['مسرح دمى', 'تلفاز من كرتون'],
          en: ['puppet theatre', 'cardboard tv'],
          fr: ['théâtre de marionnettes'],
        },
        'رسم وتلوين': { ar: ['لوحة للرسم', 'قناع', 'مجسم'], en: ['canvas', 'mask', 'model'] },
      },
    },
  },
  {
    code: 'tin-uses',
    name: 'استخدامات العلبة المعدنية',
    categories: {
      زراعة: {
        أصيص: { ar: ['أصيص', 'زرع صبار', 'زرع نعناع'], en: ['plant pot', 'grow herbs'] },
      },
      أدوات: {
        'حامل أقلام': { ar: ['حامل أقلام', 'حامل فرش'], en: ['pen holder', 'brush pot'] },
        تخزين: {
          ar: ['حفظ المسامير', 'حصالة', 'علبة خيوط'],
          en: ['nail tin', 'money box', 'thread box'],
          de: ['Spardose'],
        },
      },
      'ألعاب وموسيقى': {
        إيقاع: { ar: ['طبل', 'خشخيشة'], en: ['drum', 'shaker'], fr: ['tambour'] },
        ألعاب: { ar: ['هاتف العلب', 'رمي العلب', 'أقدام العلب'], en: ['tin can phone', 'can toss', 'can stilts'] },
      },
      'بيت وزينة': {
        إضاءة: { ar: ['فانوس مثقوب', 'حامل شمعة'], en: ['punched lantern', 'candle holder'] },
      },
    },
  },
  {
    code: 'newspaper-uses',
    name: 'استخدامات الجريدة القديمة',
    categories: {
      'أشغال يدوية': {
        'طي الورق': {
          ar: ['قارب ورقي', 'طائرة ورقية', 'قبعة ورقية'],
          en: ['paper boat', 'paper plane', 'paper hat'],
          fr: ['bateau en papier'],
        },
        'عجينة الورق': { ar: ['عجينة ورق', 'قناع', 'مجسم'], en: ['papier mache', 'mask', 'model'] },
      },
      بيت: {
        تنظيف: { ar: ['تلميع الزجاج', 'تجفيف الأحذية'], en: ['cleaning windows', 'drying shoes'] },
        تغليف: { ar: ['تغليف هدية', 'لف الصحون'], en: ['gift wrap', 'wrapping plates'], de: ['Geschenkpapier'] },
      },
      'قراءة وتعلم': {
        قراءة: {
          ar: ['قراءة الأخبار', 'حل الكلمات المتقاطعة', 'قص الصور'],
          en: ['reading the news', 'crossword', 'cutting out pictures'],
        },
      },
    },
  },
  {
    code: 'bottle-uses',
    name: 'استخدامات الزجاجة البلاستيكية',
    categories: {
      زراعة: {
        أصيص: { ar: ['أصيص', 'حديقة عمودية'], en: ['plant pot', 'vertical garden'] },
        سقي: { ar: ['مرشة', 'ري بالتنقيط'], en: ['watering can', 'drip watering'], de: ['Gießkanne'] },
      },
      ألعاب: {
        مركبات: { ar: ['قارب', 'صاروخ ماء', 'سيارة'], en: ['boat', 'water rocket', 'car'] },
        'ألعاب أخرى': { ar: ['بولينج', 'خشخيشة', 'كرة في زجاجة'], en: ['bowling', 'rattle'], fr: ['quilles'] },
      },
      بيت: {
        تخزين: { ar: ['حصالة', 'علبة أقلام', 'حفظ الحبوب'], en: ['piggy bank', 'pencil case', 'grain jar'] },
        للطيور: { ar: ['وعاء لطعام الطيور', 'شرابة للطيور'], en: ['bird feeder'] },
      },
    },
  },
  {
    code: 'sock-uses',
    name: 'استخدامات الجورب القديم',
    categories: {
      ألعاب: {
        دمى: {
          ar: ['دمية يد', 'ثعبان محشو', 'دمية أرنب'],
          en: ['sock puppet', 'stuffed snake', 'sock bunny'],
          de: ['Handpuppe'],
        },
        كرات: { ar: ['كرة جوارب', 'كيس حبوب للرمي'], en: ['sock ball', 'bean bag'] },
      },
      تنظيف: {
        مسح: { ar: ['ممسحة غبار', 'تلميع الأحذية'], en: ['duster', 'shoe polishing'], fr: ['chiffon'] },
      },
      'حماية وتدفئة': {
        تدفئة: { ar: ['قفاز', 'دفاية رقبة', 'كيس دافئ'], en: ['mitten', 'neck warmer', 'heat pack'] },
        حماية: {
          ar: ['غطاء هاتف', 'غطاء نظارة', 'حماية أرجل الكرسي'],
          en: ['phone cover', 'glasses case', 'chair leg cover'],
        },
      },
    },
  },
];

/**
 * The demo set of each sample word question of the exam bank (server/seed/examBank.ts,
 * stage 3 "uses of ..."), by exam type (1 pre, 2 post) and challenge.
 */
export const DEMO_SET_OF_QUESTION: Readonly<Record<number, Readonly<Record<number, string>>>> = {
  1: { 1: 'box-uses', 2: 'tin-uses', 3: 'newspaper-uses' },
  2: { 1: 'bottle-uses', 2: 'sock-uses', 3: 'cup-uses' },
};

/** Inserts the demo sets; every word normalised as the scoring engine does. */
export async function seedScoringDemo(tx: Transaction, _demo: DemoContext): Promise<void> {
  for (const set of DEMO_CATEGORY_SETS) {
    const [row] = await tx.insert(categorySets).values({ code: set.code, name: set.name }).returning();
    for (const [categoryName, subs] of Object.entries(set.categories)) {
      const [category] = await tx.insert(categories).values({ setId: row.id, name: categoryName }).returning();
      for (const [subName, words] of Object.entries(subs)) {
        const [sub] = await tx
          .insert(subcategories)
          .values({ categoryId: category.id, setId: row.id, name: subName })
          .returning();
        const values = (Object.entries(words) as [WordLanguage, string[]][]).flatMap(([language, list]) =>
          list.map((word) => ({
            subcategoryId: sub.id,
            setId: row.id,
            word,
            language,
            normalised: normaliseText(word),
          })),
        );
        await tx.insert(categoryWords).values(values);
      }
    }
  }
}
