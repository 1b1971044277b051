import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicApp } from '../../src/PublicApp';
import { isLightPath, isPublicPath } from '../../src/publicPaths';
import { LightApp } from '../../src/signin/LightApp';
import { challengeServer, useInProcessSolver } from './challenge';
import { type Call, i18nFor, json, mockFetch } from './helpers';

type Locale = 'en' | 'ar';

/**
 * /order-neomi-kit (no sign-in) in the light app, where a first visit opens it (src/signin/order-kit/), or in the
 * public app, which mounts the same page inside react-admin for its own navigations
 * (custom-pages/order-kit/OrderKitPage.tsx).
 */
const APPS = {
  'the light app': async (locale: Locale) =>
    render(<LightApp i18nProvider={await i18nFor(locale)} leave={vi.fn(() => Promise.resolve())} />),
  'the public app': async (locale: Locale) =>
    render(<PublicApp i18nProvider={await i18nFor(locale)} openConsole={vi.fn(() => Promise.resolve())} />),
};

/** The server's answer to a stored kit order (domain/schemas/public.ts kitOrderSentOut). */
const ORDER_SENT = {
  message: 'done',
  key: 'app.public.orderSent',
  order: {
    reference: 'NK-000042',
    entity: 'Sunrise School',
    kits_no: 12,
    contact_name: 'Huda Kamal',
    email: 'huda@example.org',
    phone_number: '+20 100 123 4567',
    address: '12 Nile Street',
    comment: null,
  },
};
const CONFIRMED = 'Thank you! We have received your order';

const JOIN_FORM = {
  id: 7,
  title: { ar: 'الانضمام إلى البرنامج', en: 'Join the programme' },
  description: null,
  fields: [
    { name: 'f1', kind: 'text', label: { ar: 'الاسم', en: 'Name' }, required: true },
    {
      name: 'f2',
      kind: 'choice',
      label: { ar: 'النوع', en: 'Kind' },
      required: true,
      options: [{ value: 'o3', label: { ar: 'مدرسة', en: 'School' } }],
    },
  ],
};

const api =
  (contactUs: (call: Call) => Response | Promise<Response>, issue?: () => Promise<unknown>) => async (call: Call) => {
    if (call.url === '/api/forms/published') return json({ forms: [JOIN_FORM] });
    if (call.url === '/api/captcha' && issue) return json(await issue());
    if (call.url === '/api/contact/us' || call.url === '/api/forms/7/answers') return contactUs(call);
    return json({}, 404);
  };

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Entity (institution name)'), 'Sunrise School');
  await user.type(screen.getByLabelText('Number of kits'), '12');
  await user.type(screen.getByLabelText('Contact name'), 'Huda Kamal');
  await user.type(screen.getByLabelText('Email'), 'huda@example.org');
  await user.type(screen.getByLabelText('Phone number'), '+20 100 123 4567');
  await user.type(screen.getByLabelText('Address'), '12 Nile Street');
};

it('the kit order page is a public page, where a first visit starts the light app', () => {
  expect(isPublicPath('/order-neomi-kit')).toBe(true);
  expect(isPublicPath('/order-neomi-kit/')).toBe(true);
  expect(isLightPath('/order-neomi-kit')).toBe(true);
});

describe.each(Object.keys(APPS) as (keyof typeof APPS)[])('the kit order page in %s', (app) => {
  const renderOrderPage = async (locale: Locale = 'en') => {
    window.history.replaceState(null, '', '/order-neomi-kit');
    await APPS[app](locale);
    await screen.findByRole('tab', { name: locale === 'ar' ? 'طلب الحقائب' : 'Order kits' }, { timeout: 10_000 });
  };

  it('offers the sample PDF at its public address', async () => {
    mockFetch(api(() => json({})));
    await renderOrderPage();
    expect(screen.getByRole('link', { name: 'Download the sample (PDF)' })).toHaveAttribute(
      'href',
      '/api/neomi-kit/sample.pdf',
    );
  });

  it('shows the messages of the domain rules before calling the API', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(api(() => json({ message: 'done', key: 'app.public.orderSent' })));
    await renderOrderPage();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(6);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Number of kits'), '0');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please input correct email address')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a whole number of kits, at least 1')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/contact/us')).toEqual([]);
  });

  it("sends the order with the page's language, then shows the confirmation; another order starts empty", async () => {
    const user = userEvent.setup();
    const calls = mockFetch(api(() => json(ORDER_SENT)));
    await renderOrderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: CONFIRMED })).toBeInTheDocument();
    expect(screen.getByTestId('order-reference')).toHaveTextContent('NK-000042');
    const [sent] = calls.filter((c) => c.url === '/api/contact/us');
    expect(sent.body).toEqual({
      entity: 'Sunrise School',
      kits_no: 12,
      contact_name: 'Huda Kamal',
      email: 'huda@example.org',
      phone_number: '+20 100 123 4567',
      address: '12 Nile Street',
      locale: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Place another order' }));
    await waitFor(() => expect(screen.getByLabelText('Entity (institution name)')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('shows the challenge when the server asks for it, solves it unasked, and sends the solution', async () => {
    await useInProcessSolver();
    const server = challengeServer();
    const user = userEvent.setup();
    let first = true;
    const calls = mockFetch(
      api(async (call) => {
        if (first) {
          first = false;
          return json(
            {
              message: 'Please wait for the check that you are a person, then send',
              key: 'app.public.challengeRequired',
              errors: { captcha: 'app.public.challengeRequired' },
            },
            400,
          );
        }
        if (!(await server.verify((call.body as { captcha?: string }).captcha)))
          return json({ message: 'Failed', key: 'app.errors.challengeFailed', errors: { captcha: 'x' } }, 400);
        return json(ORDER_SENT);
      }, server.issue),
    );
    await renderOrderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'You have sent several messages: your device now checks that you are a person. When the box is ticked, send again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Checked' }, { timeout: 10_000 })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: CONFIRMED })).toBeInTheDocument();
    const sends = calls.filter((c) => c.url === '/api/contact/us');
    expect(sends).toHaveLength(2);
    expect(sends[1].body).toMatchObject({ captcha: expect.any(String), entity: 'Sunrise School' });
    expect(sends[1].body).not.toHaveProperty('captcha_key');
  }, 60_000);

  it('shows a published form beside the kit order, in Arabic, and sends its answers', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(api(() => json({ message: 'done', key: 'app.public.answerSent' })));
    await renderOrderPage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await user.click(await screen.findByRole('tab', { name: 'الانضمام إلى البرنامج' }));
    // the published form's part arrives once its tab is chosen (PublicTabs.tsx)
    await user.click(await screen.findByRole('button', { name: 'إرسال' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    await user.type(screen.getByLabelText('الاسم *'), 'مدرسة الفجر');
    fireEvent.click(within(screen.getByRole('radiogroup')).getByLabelText('مدرسة'));
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText('شكرًا لك! وصلتنا إجاباتك.')).toBeInTheDocument();
    const [sent] = calls.filter((c) => c.url === '/api/forms/7/answers');
    expect(sent.body).toEqual({ answers: { f1: 'مدرسة الفجر', f2: 'o3' }, locale: 'ar' });
  });
});
