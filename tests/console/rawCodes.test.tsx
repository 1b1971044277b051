import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LOG_ACTIONS, LOG_ENTITIES } from '../../domain/logs';
import { App } from '../../src/App';
import { flatten } from '../../src/i18n/app/nest';
import ar from '../../src/i18n/messages/ar';
import { saveSession } from '../../src/session';
import { type Call, i18nFor, json, mockFetch, demoAdmin } from './helpers';
import { ENGLISH_MUI_DEFAULTS, RAW_CODE, offendingTexts, visibleTexts } from '../support/visibleTexts';

/**
 * No raw code reaches a reader of the Arabic console: the log's actions (admin_approve, import_students…) and
 * kinds, the roles' names (never "(admin)" after them), an empty list's resource name (never «Examguests»); nor
 * an English MUI default.
 */
const admin = demoAdmin;

const logRows = LOG_ACTIONS.map((action, i) => ({
  id: i + 1,
  actor_id: 5,
  actor_name: 'Nadia Admin',
  action,
  entity: LOG_ENTITIES[i % LOG_ENTITIES.length],
  entity_id: 10 + i,
  old_value: null,
  new_value: null,
  created_at: '2026-11-21T10:00:00Z',
}));

const api = (call: Call) => {
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url.startsWith('/api/logs')) return json({ logs: logRows, count: logRows.length });
  if (call.url.startsWith('/api/roles'))
    return json({
      roles: [
        { id: 1, name: 'admin', permissions: ['access_users'], users_count: 1 },
        { id: 2, name: 'region_admin', permissions: [], users_count: 2 },
        { id: 3, name: 'admin_school', permissions: [], users_count: 0 },
        { id: 9, name: 'Coordinators', permissions: [], users_count: 0 },
      ],
      count: 4,
    });
  if (call.url.startsWith('/api/exam/guests')) return json({ guests: [], count: 0 });
  return json({ users: [], count: 0 });
};

const openInArabic = async (path: string) => {
  saveSession('tok', admin);
  window.history.pushState({}, '', path);
  mockFetch(api);
  render(<App i18nProvider={await i18nFor('ar')} />);
};

/** The texts of the page's main part (the sidebar's items are checked by tests/console/app.test.tsx). */
const mainTexts = () => visibleTexts(document.querySelector('main') ?? document.body);

describe('no raw code in the Arabic console', () => {
  it('the log names every action and every kind of record in words, admin_approve and import_students too', async () => {
    await openInArabic('/logs');
    expect(await screen.findAllByText('Nadia Admin', {}, { timeout: 15_000 })).toHaveLength(LOG_ACTIONS.length);
    expect(screen.getByText('موافقة إدارة المنصة')).toBeInTheDocument();
    expect(screen.getByText('استيراد الطلاب')).toBeInTheDocument();
    const texts = mainTexts();
    for (const action of LOG_ACTIONS) expect(texts).not.toContain(action);
    expect(offendingTexts(texts)).toEqual([]);
  });

  it("the roles list: each role's name in Arabic, no code beside it; a role an admin made, as named", async () => {
    await openInArabic('/roles');
    await screen.findByText('Coordinators', {}, { timeout: 15_000 });
    const texts = mainTexts();
    expect(texts.filter((t) => /\((admin|region_admin|admin_school)\)/.test(t))).toEqual([]);
    expect(texts).not.toContain('admin');
    expect(texts).not.toContain('region_admin');
    expect(offendingTexts(texts)).toEqual([]);
  });

  it('the empty guests list names its resource in Arabic, not «Examguests»', async () => {
    await openInArabic('/exam/guests');
    // react-admin's empty page, with the resource's name as Arabic counts it for zero
    expect(await screen.findByText('لا يوجد شيء في «الضيوف» بعد.', {}, { timeout: 15_000 })).toBeInTheDocument();
    const texts = mainTexts();
    expect(texts.join(' ')).not.toMatch(/exam ?guests/i);
    expect(offendingTexts(texts)).toEqual([]);
  });

  it('no Arabic message is a code or an English MUI default', () => {
    const messages = Object.entries(flatten(ar)).filter(([, text]) => typeof text === 'string') as [string, string][];
    expect(messages.length).toBeGreaterThan(1000);
    const bad = messages.filter(
      ([, text]) => RAW_CODE.test(text.trim()) || ENGLISH_MUI_DEFAULTS.some((rule) => rule.test(text)),
    );
    expect(bad).toEqual([]);
  });
});
