import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { SETTING_KEYS, SETTINGS } from '../../domain/schemas/settings';
import SettingsPage from '../../src/custom-pages/settings/SettingsPage';
import { saveSession } from '../../src/session';
import { type Call, demoAdmin, inAdmin, json, mockFetch } from './helpers';

/** /settings: every setting with its meaning, range and value; a value out of range is refused before and by the server. */
const rows = () => SETTING_KEYS.map((key, i) => ({ id: i + 1, key, value: SETTINGS[key].default }));

const renderPage = async (change: (call: Call) => Response, locale: 'en' | 'ar' = 'en') => {
  saveSession('tok', demoAdmin);
  const calls = mockFetch((call) => {
    if (call.url === '/api/me') return json({ user: demoAdmin });
    if (call.url === '/api/setting/index') return json({ settings: rows() });
    if (call.url.startsWith('/api/setting/change/')) return change(call);
    return json({});
  });
  render(
    await inAdmin(
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
      </Routes>,
      { locale, path: '/settings' },
    ),
  );
  return calls;
};

describe('the settings screen', () => {
  it('shows every setting with its meaning, allowed range and value', async () => {
    await renderPage(() => json({}));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    for (const key of SETTING_KEYS) expect(screen.getByTestId(`setting-${key}`)).toBeInTheDocument();
    const duration = within(screen.getByRole('region', { name: 'Test duration' }));
    expect(duration.getByTestId('setting-range')).toHaveTextContent(
      'Allowed values: from 60 seconds to 14,400 seconds',
    );
    expect(duration.getByTestId('setting-value')).toHaveTextContent('Now: 1,800 seconds');
    expect(duration.getByText(/The time a child has for one challenge/)).toBeInTheDocument();
    const captcha = within(screen.getByRole('region', { name: 'Check at sign-up that a person is signing up' }));
    expect(captcha.getByTestId('setting-range')).toHaveTextContent('Allowed values: on or off');
    expect(captcha.getByTestId('setting-value')).toHaveTextContent('Now: Off');
    const margin = within(screen.getByRole('region', { name: 'Margin before a third marker' }));
    expect(margin.getByTestId('setting-range')).toHaveTextContent('from 0 points to 1,000 points');
    const rare = within(screen.getByRole('region', { name: 'Originality: rare answers' }));
    expect(rare.getByTestId('setting-value')).toHaveTextContent('Now: 1 %');
  });

  it('checks the range as one types, sends a good value, and shows the server’s refusal', async () => {
    let answer: Response | null = null;
    const calls = await renderPage(
      () =>
        answer ?? json({ setting: { id: SETTING_KEYS.indexOf('test_duration_seconds') + 1, key: 'x', value: 2400 } }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change: Test duration' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('spinbutton', { name: 'Test duration' });
    await user.clear(input);
    await user.type(input, '30');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await dialog.findByText('The test duration must be a whole number of seconds from 60 to 14400');
    expect(calls.filter((c) => c.url.startsWith('/api/setting/change/'))).toEqual([]);

    await user.clear(input);
    await user.type(input, '2400');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('The setting has been saved');
    const sent = calls.filter((c) => c.url.startsWith('/api/setting/change/'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `/api/setting/change/${SETTING_KEYS.indexOf('test_duration_seconds') + 1}`,
      body: { value: 2400 },
    });

    // the server's own refusal (here: the two originality thresholds out of order) shows translated
    answer = json(
      { message: 'The rare threshold cannot be above the uncommon one', key: 'app.scores.thresholdOrder' },
      400,
    );
    await user.click(screen.getByRole('button', { name: 'Change: Originality: rare answers' }));
    const second = within(await screen.findByRole('dialog'));
    const percent = second.getByRole('spinbutton', { name: 'Originality: rare answers' });
    await user.clear(percent);
    await user.type(percent, '9');
    await user.click(second.getByRole('button', { name: 'Save' }));
    await screen.findByText('The rare threshold cannot be above the uncommon one');
  });

  it('reads in Arabic', async () => {
    await renderPage(() => json({}), 'ar');
    await screen.findByRole('heading', { level: 1, name: 'الإعدادات' });
    const duration = within(screen.getByRole('region', { name: 'مدة الاختبار' }));
    expect(duration.getByTestId('setting-value')).toHaveTextContent('القيمة الآن: 1,800 ثانية');
    // each number with its unit in the form Arabic gives that number: 3 نقاط (3–10), 365 يومًا (11–99), 7 أيام
    const margin = within(screen.getByRole('region', { name: 'الهامش قبل المصحح الثالث' }));
    expect(margin.getByTestId('setting-value')).toHaveTextContent('القيمة الآن: 3 نقاط');
    expect(margin.getByTestId('setting-range')).toHaveTextContent('من 0 نقطة إلى 1,000 نقطة');
    const retention = within(screen.getByRole('region', { name: 'مدة الاحتفاظ باختبارات الضيوف' }));
    expect(retention.getByTestId('setting-value')).toHaveTextContent('القيمة الآن: 365 يومًا');
    expect(retention.getByTestId('setting-range')).toHaveTextContent('من 7 أيام إلى 3,650 يومًا');
    await waitFor(() => expect(document.body.textContent).not.toMatch(/app\.settings/));
  });
});
