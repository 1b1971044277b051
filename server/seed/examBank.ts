import { NO_ANSWER_PHRASE, QUESTION_KIND, type LocalText, type QuestionKind } from '../../domain/exams';
import type { QuestionOption } from '../db/schema';

/**
 * Neomi Academy's own sample question bank (written for this product): for
 * each exam type (1 pre, 2 post) and challenge (1..3),
 * - stage 1: a drawing on a starting figure, a checklist of 12 ideas and repeated drawings to name;
 * - stage 2: tasks 1 to 10, each an incomplete figure with a list of 12 options (the last: no answer) and room for the child's own idea;
 * - stage 3: a choice of 12 uses with an 'other' text, and a free-text list of unusual uses.
 * The specification's "tasks 1 to 10, 12 questions per section with an option list each"
 * is read as ten figure tasks per challenge and lists of twelve options
 * (docs/DECISIONS.md "The sample question bank", docs/api/exams.md "Sample bank").
 */

/** The Arabic prompts speak as «we» (لنرسم، نكتب): no command in a boy's or a girl's form (docs/GLOSSARY.md "Gender"). */
const t = (ar: string, en: string, de: string, fr: string): LocalText => ({ ar, en, de, fr });

const NO_ANSWER = t(NO_ANSWER_PHRASE, 'No answer', 'Keine Antwort', 'Pas de réponse');

const list = (prefix: string, words: LocalText[]): QuestionOption[] => [
  ...words.map((text, i) => ({ key: `${prefix}${String(i + 1).padStart(2, '0')}`, text })),
  { key: 'none', text: NO_ANSWER },
];

/** Ideas a figure may become, one list per challenge (11 ideas and 'no answer'). */
const IDEAS: Record<number, QuestionOption[]> = {
  1: list('thing', [
    t('شمس', 'sun', 'Sonne', 'soleil'),
    t('بيت', 'house', 'Haus', 'maison'),
    t('شجرة', 'tree', 'Baum', 'arbre'),
    t('سمكة', 'fish', 'Fisch', 'poisson'),
    t('سيارة', 'car', 'Auto', 'voiture'),
    t('وجه', 'face', 'Gesicht', 'visage'),
    t('زهرة', 'flower', 'Blume', 'fleur'),
    t('طائر', 'bird', 'Vogel', 'oiseau'),
    t('قارب', 'boat', 'Boot', 'bateau'),
    t('كرة', 'ball', 'Ball', 'ballon'),
    t('جبل', 'mountain', 'Berg', 'montagne'),
  ]),
  2: list('nature', [
    t('قطة', 'cat', 'Katze', 'chat'),
    t('ثعبان', 'snake', 'Schlange', 'serpent'),
    t('فراشة', 'butterfly', 'Schmetterling', 'papillon'),
    t('سحابة', 'cloud', 'Wolke', 'nuage'),
    t('قمر', 'moon', 'Mond', 'lune'),
    t('قوس قزح', 'rainbow', 'Regenbogen', 'arc-en-ciel'),
    t('سلحفاة', 'turtle', 'Schildkröte', 'tortue'),
    t('أرنب', 'rabbit', 'Hase', 'lapin'),
    t('ورقة شجر', 'leaf', 'Blatt', 'feuille'),
    t('موجة', 'wave', 'Welle', 'vague'),
    t('جمل', 'camel', 'Kamel', 'chameau'),
  ]),
  3: list('object', [
    t('صاروخ', 'rocket', 'Rakete', 'fusée'),
    t('جسر', 'bridge', 'Brücke', 'pont'),
    t('روبوت', 'robot', 'Roboter', 'robot'),
    t('ساعة', 'clock', 'Uhr', 'horloge'),
    t('مصباح', 'lamp', 'Lampe', 'lampe'),
    t('مفتاح', 'key', 'Schlüssel', 'clé'),
    t('نظارة', 'glasses', 'Brille', 'lunettes'),
    t('مظلة', 'umbrella', 'Regenschirm', 'parapluie'),
    t('طائرة ورقية', 'kite', 'Drachen', 'cerf-volant'),
    t('خيمة', 'tent', 'Zelt', 'tente'),
    t('سلم', 'ladder', 'Leiter', 'échelle'),
  ]),
};

/** Stage 3: the everyday thing whose uses the child imagines, per exam type and challenge. */
const THINGS: Record<number, Record<number, LocalText>> = {
  1: {
    1: t('صندوق من الكرتون', 'a cardboard box', 'ein Karton', 'une boîte en carton'),
    2: t('علبة معدنية فارغة', 'an empty tin can', 'eine leere Blechdose', 'une boîte de conserve vide'),
    3: t('جريدة قديمة', 'an old newspaper', 'eine alte Zeitung', 'un vieux journal'),
  },
  2: {
    1: t(
      'زجاجة بلاستيكية فارغة',
      'an empty plastic bottle',
      'eine leere Plastikflasche',
      'une bouteille en plastique vide',
    ),
    2: t('جورب قديم', 'an old sock', 'eine alte Socke', 'une vieille chaussette'),
    3: t('كوب من الورق', 'a paper cup', 'ein Pappbecher', 'un gobelet en carton'),
  },
};

/** Stage 3 choice: what the first thing of each exam type could become (11 uses and 'no answer'). */
const USES: Record<number, QuestionOption[]> = {
  1: list('use', [
    t('بيت للقطة', 'a house for a cat', 'ein Haus für eine Katze', 'une maison pour un chat'),
    t('طبل', 'a drum', 'eine Trommel', 'un tambour'),
    t('قارب', 'a boat', 'ein Boot', 'un bateau'),
    t('قبعة', 'a hat', 'ein Hut', 'un chapeau'),
    t('طاولة صغيرة', 'a small table', 'ein kleiner Tisch', 'une petite table'),
    t('مسرح عرائس', 'a puppet theatre', 'ein Puppentheater', 'un théâtre de marionnettes'),
    t('سيارة', 'a car', 'ein Auto', 'une voiture'),
    t('زي روبوت', 'a robot costume', 'ein Roboterkostüm', 'un costume de robot'),
    t('سرير للدمية', 'a bed for a doll', 'ein Puppenbett', 'un lit de poupée'),
    t('صندوق كنز', 'a treasure chest', 'eine Schatztruhe', 'un coffre au trésor'),
    t('زحليقة', 'a slide', 'eine Rutsche', 'un toboggan'),
  ]),
  2: list('use', [
    t('مزهرية', 'a flower vase', 'eine Blumenvase', 'un vase'),
    t('وعاء لطعام الطيور', 'a bird feeder', 'ein Vogelhäuschen', 'une mangeoire à oiseaux'),
    t('صاروخ', 'a rocket', 'eine Rakete', 'une fusée'),
    t('حصالة', 'a piggy bank', 'eine Spardose', 'une tirelire'),
    t('مصباح', 'a lamp', 'eine Lampe', 'une lampe'),
    t('خشخيشة', 'a shaker', 'eine Rassel', 'un hochet'),
    t('مقلمة', 'a pencil case', 'ein Federmäppchen', 'une trousse'),
    t('قارب', 'a boat', 'ein Boot', 'un bateau'),
    t('أصيص نبات', 'a plant pot', 'ein Blumentopf', 'un pot de fleurs'),
    t('مرشة ماء', 'a watering can', 'eine Gießkanne', 'un arrosoir'),
    t('سيارة لعبة', 'a toy car', 'ein Spielzeugauto', 'une petite voiture'),
  ]),
};

/** Stage 3's choice question, about the first thing of the exam type. */
const CHOICE_TEXT: Record<number, LocalText> = {
  1: t(
    'ماذا يمكن أن نصنع من صندوق من الكرتون؟ لنختر فكرة واحدة أو نكتب فكرة أخرى.',
    'What could you make from a cardboard box? Choose one idea or write another.',
    'Was könntest du aus einem Karton machen? Wähle eine Idee oder schreibe eine andere.',
    'Que pourrais-tu fabriquer avec une boîte en carton ? Choisis une idée ou écris-en une autre.',
  ),
  2: t(
    'ماذا يمكن أن نصنع من زجاجة بلاستيكية فارغة؟ لنختر فكرة واحدة أو نكتب فكرة أخرى.',
    'What could you make from an empty plastic bottle? Choose one idea or write another.',
    'Was könntest du aus einer leeren Plastikflasche machen? Wähle eine Idee oder schreibe eine andere.',
    'Que pourrais-tu fabriquer avec une bouteille en plastique vide ? Choisis une idée ou écris-en une autre.',
  ),
};

export interface SeedQuestion {
  examType: number;
  challenge: number;
  stage: number;
  kind: QuestionKind;
  text: LocalText;
  options: QuestionOption[];
  allowOther: boolean;
  position: number;
  /** the name of its generated figure (server/services/sampleFigures.ts), if it has one */
  figure?: string;
}

export const figureName = (examType: number, challenge: number, task: number) =>
  `neomi-figure-${examType}-${challenge}-${String(task).padStart(2, '0')}-v1.png`;

/** The whole sample bank: 2 exam types × 3 challenges × (3 + 10 + 2) questions. */
export function sampleBank(): SeedQuestion[] {
  const out: SeedQuestion[] = [];
  for (const examType of [1, 2]) {
    for (const challenge of [1, 2, 3]) {
      const base = { examType, challenge, allowOther: false };
      const thing = THINGS[examType][challenge];
      out.push(
        {
          ...base,
          stage: 1,
          position: 1,
          kind: QUESTION_KIND.imageUpload,
          options: [],
          figure: figureName(examType, challenge, 0),
          text: t(
            'لننظر إلى الشكل، ثم نرسم صورة يكون هذا الشكل جزءًا منها، على الورق أو على الشاشة، ثم نرسل الرسمة.',
            'Look at the figure. Make a drawing that uses it, on paper or on the screen, then send your drawing.',
            'Sieh dir die Figur an. Male ein Bild, in dem sie vorkommt, auf Papier oder auf dem Bildschirm, und schicke dein Bild.',
            'Regarde la figure. Fais un dessin qui l’utilise, sur papier ou à l’écran, puis envoie ton dessin.',
          ),
        },
        {
          ...base,
          stage: 1,
          position: 2,
          kind: QUESTION_KIND.checklist,
          options: IDEAS[challenge],
          text: t(
            'ماذا يمكن أن تكون هذه الرسمة؟ لنختر كل فكرة تناسبها.',
            'What could your drawing be? Tick every idea that fits.',
            'Was könnte dein Bild sein? Kreuze jede passende Idee an.',
            'Que pourrait être ton dessin ? Coche chaque idée qui convient.',
          ),
        },
        {
          ...base,
          stage: 1,
          position: 3,
          kind: QUESTION_KIND.repeatedDraw,
          options: [],
          text: t(
            'لنرسم الشكل مرة أخرى بقدر ما نستطيع، وفي كل مرة نجعله شيئًا مختلفًا، ونكتب اسمًا لكل رسمة.',
            'Draw the figure again as many times as you can, each time as something different, and write a name for each drawing.',
            'Male die Figur so oft du kannst, jedes Mal als etwas anderes, und schreibe zu jedem Bild einen Namen.',
            'Redessine la figure autant de fois que tu peux, chaque fois comme autre chose, et donne un nom à chaque dessin.',
          ),
        },
      );
      for (let task = 1; task <= 10; task++) {
        out.push({
          ...base,
          stage: 2,
          position: task,
          kind: QUESTION_KIND.graph,
          options: IDEAS[challenge],
          figure: figureName(examType, challenge, task),
          text: t(
            `المهمة ${task}: ماذا يمكن أن يصبح هذا الشكل؟ لنختر فكرة واحدة، ونكتب فكرة أخرى إن وُجدت.`,
            `Task ${task}: What could this figure become? Choose one idea, and write your own if you have another.`,
            `Aufgabe ${task}: Was könnte aus dieser Figur werden? Wähle eine Idee und schreibe deine eigene, wenn du eine andere hast.`,
            `Tâche ${task} : que pourrait devenir cette figure ? Choisis une idée, et écris la tienne si tu en as une autre.`,
          ),
        });
      }
      out.push(
        {
          ...base,
          stage: 3,
          position: 1,
          kind: QUESTION_KIND.singleChoice,
          options: USES[examType],
          allowOther: true,
          text: CHOICE_TEXT[examType],
        },
        {
          ...base,
          stage: 3,
          position: 2,
          kind: QUESTION_KIND.freeText,
          options: [],
          text: t(
            `لنكتب أكبر عدد ممكن من الاستخدامات غير المعتادة لـ${thing.ar}، كل فكرة في سطر.`,
            `Write as many unusual uses as you can for ${thing.en}, one idea per line.`,
            `Schreibe so viele ungewöhnliche Verwendungen wie möglich für ${thing.de}, eine Idee pro Zeile.`,
            `Écris autant d’usages inhabituels que possible pour ${thing.fr}, une idée par ligne.`,
          ),
        },
      );
    }
  }
  return out;
}
