import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkbox,
  clearableText,
  email,
  id,
  int,
  isoDate,
  nameText,
  optionalInt,
  optionalNameText,
  optionalText,
  requiredText,
  smallInt,
} from '../../domain/schemas/fields';
import { listQuerySchema } from '../../domain/schemas/lists';

const firstError = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
};

describe('text fields', () => {
  it('refuse NUL and other control characters, but keep line breaks in long texts', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31mred', 'a\u007fb', 'a\u0085b', 'lone \ud800 surrogate']) {
      expect(firstError(requiredText(), bad), JSON.stringify(bad)).toBe('app.validation.invalidCharacters');
      expect(firstError(optionalText(2000), bad), JSON.stringify(bad)).toBe('app.validation.invalidCharacters');
      expect(firstError(clearableText(), bad), JSON.stringify(bad)).toBe('app.validation.invalidCharacters');
    }
    expect(requiredText(2000).parse('line one\nline two\ttab')).toBe('line one\nline two\ttab');
    expect(firstError(requiredText(), 'line one\nline two')).toBe('app.validation.invalidCharacters');
    expect(requiredText().parse('  عربي 😀  ')).toBe('عربي 😀');
  });

  it('refuse bidi override characters in names and single-line texts', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(firstError(nameText(), `evil${c}gnp.exe`)).toBe('app.validation.invalidCharacters');
      expect(firstError(requiredText(100), `x${c}y`)).toBe('app.validation.invalidCharacters');
    }
    // the right-to-left and left-to-right marks are ordinary in Arabic text: a name is accepted, stored without them
    expect(nameText().parse('ليلى\u200f')).toBe('ليلى');
    expect(requiredText().parse('ليلى\u200f')).toBe('ليلى\u200f');
  });

  it('names refuse zero-width and other invisible characters with their own message, in any name field', () => {
    const invisible = ['\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u2061', '\u{e0041}'];
    for (const c of invisible) {
      // (a byte-order mark at an end is trimmed like a space: see below)
      const ends = c === '\ufeff' ? [] : [`Laila${c}`, `${c}${c}Omar`];
      for (const value of [`Lai${c}la`, `لي${c}لى`, ...ends]) {
        expect(firstError(nameText(), value), JSON.stringify(value)).toBe('app.validation.nameCharacters');
        expect(firstError(optionalNameText(), value), JSON.stringify(value)).toBe('app.validation.nameCharacters');
      }
    }
    expect(firstError(nameText(), '\u200b')).toBe('app.validation.nameCharacters');
    // control characters, line breaks and tabs stay refused (as in every text)
    for (const bad of ['Lai\u0000la', 'Lai\u0007la', 'Lai\u0085la', 'Lai\nla', 'Lai\tla'])
      expect(firstError(nameText(), bad), JSON.stringify(bad)).toBe('app.validation.invalidCharacters');
    // other texts keep what they accepted
    expect(requiredText().parse('a\u200bb')).toBe('a\u200bb');
  });

  it('names are NFC, trimmed and without direction marks; Arabic (harakat, shadda, tatweel, Arabic-Indic digits) is untouched', () => {
    for (const arabic of [
      'محمد',
      'عبدُ الله',
      'مُحَمَّد',
      'فاطمة الزهراء',
      'يـوسف',
      'صف ٣',
      'Laila ليلى',
      'Zoë Müller',
      'Ærøskøbing',
    ])
      expect(nameText().parse(arabic)).toBe(arabic.normalize('NFC'));
    // alef + combining hamza above is the one letter أ; e + combining acute is é
    expect(nameText().parse('\u0627\u0654حمد')).toBe('أحمد');
    expect(nameText().parse('Rene\u0301e')).toBe('Renée');
    expect(nameText().parse('  \u200fليلى\u200f \u061c')).toBe('ليلى');
    expect(nameText().parse('\u200eLaila\u200e')).toBe('Laila');
    expect(nameText().parse('\ufeffLaila\ufeff')).toBe('Laila');
    expect(firstError(nameText(), '\u200f\u200e ')).toBe('app.validation.required');
    expect(optionalNameText().parse('')).toBeUndefined();
    expect(nameText(5).safeParse('مُحَمَّد').success).toBe(false);
  });

  it('a zero-width non-joiner is accepted between two letters of the Arabic script only (Persian, Urdu, Kurdish spelling)', () => {
    for (const persian of ['می\u200cخواهم', 'نرگس\u200cها', 'مِ\u200cی'])
      expect(nameText().parse(persian), JSON.stringify(persian)).toBe(persian);
    for (const bad of ['\u200cمحمد', 'محمد\u200c', 'مح\u200c\u200cمد', 'Lai\u200cla', 'ل\u200cL', 'Laila \u200cليلى'])
      expect(firstError(nameText(), bad), JSON.stringify(bad)).toBe('app.validation.nameCharacters');
  });

  it('are trimmed and bounded by the column length', () => {
    expect(firstError(requiredText(10), 'x'.repeat(11))).toBe('app.validation.tooLong');
    expect(firstError(requiredText(), '   ')).toBe('app.validation.required');
    expect(firstError(requiredText(), 'x'.repeat(1024 * 1024))).toBe('app.validation.tooLong');
  });
});

describe('emails', () => {
  it('are at most 255 characters, like the column', () => {
    expect(firstError(email(), `${'a'.repeat(250)}@x.org`)).toBe('app.validation.tooLong');
    expect(firstError(email(), 'a\u0000@x.org')).toBe('app.validation.email');
    expect(email().parse(' A@X.org ')).toBe('a@x.org');
  });
});

describe('dates', () => {
  it('are real calendar dates between 1900 and 2100', () => {
    for (const bad of [
      '2020-02-30',
      '2021-02-29',
      '2020-04-31',
      '2020-13-01',
      '2020-00-10',
      '0000-01-01',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31',
    ]) {
      expect(firstError(isoDate(), bad), bad).toBe('app.validation.invalidDate');
    }
    for (const good of ['2020-02-29', '1900-01-01', '2100-12-31', '2016-04-12'])
      expect(isoDate().parse(good)).toBe(good);
  });
});

describe('numbers', () => {
  it('ids and integers stay within PostgreSQL integer (int4)', () => {
    expect(id().parse('2147483647')).toBe(2147483647);
    for (const bad of [2147483648, 2 ** 63, -1, 0, 1.5, 'abc', true, [1], Infinity]) {
      expect(id().safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(int().safeParse(2 ** 31).success).toBe(false);
    expect(int().safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(int().parse(-(2 ** 31))).toBe(-(2 ** 31));
    expect(smallInt().safeParse(32768).success).toBe(false);
    expect(int({ min: 0, max: 5 }).safeParse(6).success).toBe(false);
  });

  it('booleans are not numbers and numbers are not booleans', () => {
    expect(int().safeParse(true).success).toBe(false);
    expect(optionalInt().safeParse(false).success).toBe(false);
    expect(checkbox().safeParse(1).success).toBe(false);
    expect(checkbox().safeParse(0).success).toBe(false);
    expect(checkbox().parse('true')).toBe(true);
    expect(checkbox().parse(false)).toBe(false);
  });
});

describe('list filters', () => {
  const list = listQuerySchema(['id'] as const);
  it('refuse booleans, arrays and out-of-range numbers', () => {
    for (const bad of [
      { limit: true },
      { offset: [1] },
      { offset: 2 ** 31 },
      { status: true },
      { search_text: 'a\u0000' },
      { search_text: ['a'] },
    ]) {
      expect(list.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(list.parse({ limit: '25', offset: '10', status: '' })).toMatchObject({
      limit: 25,
      offset: 10,
      status: undefined,
    });
  });

  it('say a search text is too long', () => {
    expect(firstError(list, { search_text: 'x'.repeat(101) })).toBe('app.validation.tooLong');
  });
});
