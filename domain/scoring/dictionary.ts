import { isNoAnswer } from './noAnswer';
import { normaliseText } from './normalise';

/** A word of the category dictionary, with the category and subcategory it belongs to. */
export interface DictionaryWord {
  word: string;
  category: string;
  subcategory: string;
}

/** A subcategory of the index: a (category, subcategory) pair with a dense number used for counting. */
export interface IndexedSubcategory {
  readonly index: number;
  readonly categoryIndex: number;
  readonly category: string;
  readonly subcategory: string;
}

export type DictionaryProblem = 'empty' | 'noAnswer' | 'conflict';

/** A dictionary the engine cannot use: a word that normalises to nothing, to "no answer", or to two subcategories. */
export class DictionaryError extends Error {
  constructor(
    readonly problem: DictionaryProblem,
    readonly word: string,
    readonly normalised: string,
  ) {
    super(`dictionary word ${JSON.stringify(word)} (${JSON.stringify(normalised)}): ${problem}`);
    this.name = 'DictionaryError';
  }
}

/**
 * The dictionary indexed by normalised word, built once per question and
 * then read for every answer (one Map lookup per answer).
 */
export class DictionaryIndex {
  readonly subcategories: readonly IndexedSubcategory[];
  readonly categories: readonly string[];
  private readonly byWord: ReadonlyMap<string, IndexedSubcategory>;

  constructor(
    byWord: ReadonlyMap<string, IndexedSubcategory>,
    subcategories: IndexedSubcategory[],
    categories: string[],
  ) {
    this.byWord = byWord;
    this.subcategories = subcategories;
    this.categories = categories;
  }

  /** The subcategory of an already normalised text, or undefined: equality only, never fuzzy. */
  lookupNormalised(normalised: string): IndexedSubcategory | undefined {
    return this.byWord.get(normalised);
  }

  /** The subcategory of any text, after normalisation. */
  lookup(text: string): IndexedSubcategory | undefined {
    return this.byWord.get(normaliseText(text));
  }

  get size(): number {
    return this.byWord.size;
  }
}

/**
 * Indexes dictionary words by their normalised form. The same normalised
 * form twice in one subcategory is one entry; in two different
 * subcategories it is a DictionaryError ('conflict'), as is a word that
 * normalises to nothing ('empty') or to a "no answer" phrase ('noAnswer').
 * Categories and subcategories are numbered in order of first appearance.
 */
export function indexDictionary(words: Iterable<DictionaryWord>): DictionaryIndex {
  const byWord = new Map<string, IndexedSubcategory>();
  const subcategories: IndexedSubcategory[] = [];
  const categories: string[] = [];
  const categoryIndex = new Map<string, number>();
  const subIndex = new Map<string, Map<string, IndexedSubcategory>>();

  const subcategoryOf = (category: string, subcategory: string): IndexedSubcategory => {
    let cat = categoryIndex.get(category);
    if (cat === undefined) {
      cat = categories.push(category) - 1;
      categoryIndex.set(category, cat);
      subIndex.set(category, new Map());
    }
    const subs = subIndex.get(category)!;
    let sub = subs.get(subcategory);
    if (!sub) {
      sub = { index: subcategories.length, categoryIndex: cat, category, subcategory };
      subcategories.push(sub);
      subs.set(subcategory, sub);
    }
    return sub;
  };

  for (const { word, category, subcategory } of words) {
    const normalised = normaliseText(word);
    if (!normalised) throw new DictionaryError('empty', word, normalised);
    if (isNoAnswer(normalised)) throw new DictionaryError('noAnswer', word, normalised);
    const sub = subcategoryOf(category, subcategory);
    const existing = byWord.get(normalised);
    if (existing && existing !== sub) throw new DictionaryError('conflict', word, normalised);
    byWord.set(normalised, sub);
  }
  return new DictionaryIndex(byWord, subcategories, categories);
}

/** The words of a nested dictionary `{category: {subcategory: [words]}}` (the `npm run score` file format). */
export function* wordsOfNestedDictionary(
  dictionary: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>,
): Generator<DictionaryWord> {
  for (const [category, subs] of Object.entries(dictionary)) {
    for (const [subcategory, list] of Object.entries(subs)) {
      for (const word of list) yield { word, category, subcategory };
    }
  }
}
