import { fireEvent, render, screen, within } from '@testing-library/react';
import { LightApp } from '../../src/signin/LightApp';
import { i18nFor } from './helpers';

// the sign-up page's chunk cannot be downloaded (a new release replaced it, or the connection dropped)
vi.mock('../../src/signin/RegisterPage', async () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe("the light app when a page's chunk fails to load (src/signin/LightPageBoundary.tsx)", () => {
  it('shows the translated notice with a reload button in place of the page, and does not hand over (Arabic)', async () => {
    window.history.replaceState(null, '', '/register');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const leave = vi.fn(() => Promise.resolve());
    render(<LightApp i18nProvider={await i18nFor('ar')} leave={leave} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'تعذّر تحميل هذا الجزء من الصفحة' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('انقطع الاتصال أثناء التحميل');
    fireEvent.click(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
