import { describe, expect, it } from 'vitest';
import { i18nFor } from './helpers';

/**
 * Numbers shown with a noun agree with it in Arabic (docs/GLOSSARY.md "Counts"): polyglot's six
 * forms through smart_count, and a second number in the same sentence counted on its own.
 */
describe('Arabic counts', () => {
  it('the test tells the time left in the right form: «لديك دقيقة واحدة، دقيقتان، 5 دقائق، 11 دقيقة، 100 دقيقة»', async () => {
    const { translate } = await i18nFor('ar');
    expect([1, 2, 5, 10, 11, 30, 100].map((n) => translate('app.exams.ui.intro', { smart_count: n }))).toEqual([
      'لديك دقيقة واحدة.',
      'لديك دقيقتان.',
      'لديك 5 دقائق.',
      'لديك 10 دقائق.',
      'لديك 11 دقيقة.',
      'لديك 30 دقيقة.',
      'لديك 100 دقيقة.',
    ]);
    expect(translate('app.exams.ui.intro_female', { smart_count: 2 })).toBe('لديكِ دقيقتان.');
  });

  it('two counts in one sentence each take their own form', async () => {
    const { translate } = await i18nFor('ar');
    const period = (days: number) => translate('app.overview.lastDays', { smart_count: days });
    expect(translate('app.overview.interactionsSummary', { smart_count: 2, period: period(7) })).toBe(
      'تفاعلان في آخر 7 أيام',
    );
    expect(translate('app.overview.interactionsSummary', { smart_count: 12, period: period(30) })).toBe(
      '12 تفاعلًا في آخر 30 يومًا',
    );
    expect(translate('app.overview.interactionsSummary', { smart_count: 1, period: period(2) })).toBe(
      'تفاعل واحد في آخر يومين',
    );
  });

  it('the bell names what it counts: «إشعاران غير مقروءين»، «3 إشعارات غير مقروءة»', async () => {
    const { translate } = await i18nFor('ar');
    expect([0, 2, 3, 11].map((n) => translate('app.notifications.title', { smart_count: n }))).toEqual([
      'لا إشعارات جديدة',
      'إشعاران غير مقروءين',
      '3 إشعارات غير مقروءة',
      '11 إشعارًا غير مقروء',
    ]);
  });
});
