import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoRole, demoAccount } from '../../../server/seed/accounts';
import type { SidebarGroups } from '../../support/sidebarByRole';

/**
 * Page objects for the browser tests, in the manner of react-admin's own
 * end-to-end tests: a small class per page with the actions the tests need,
 * finding what it acts on by role and visible text, as a person would.
 */

/** The languages the browser tests run the console in. */
export type Locale = 'en' | 'ar';

/** The visible words the page objects look for (src/i18n/app). */
const WORDS = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign in', logOut: 'Log out' },
  ar: { email: 'البريد الإلكتروني', password: 'كلمة المرور', signIn: 'دخول', logOut: 'تسجيل الخروج' },
} as const;

/**
 * Opens a select (MUI: a combobox and a listbox in a popover) and picks the option with this text, or the
 * first real option, then waits for the listbox to close: while it is open MUI hides the rest of the page
 * from assistive technology (aria-hidden), so a dialog behind it cannot be found by role.
 */
export const chooseOption = async (combobox: Locator, option?: string, { exact = true } = {}) => {
  await combobox.click();
  const listbox = combobox.page().getByRole('listbox');
  if (option) await listbox.getByRole('option', { name: option, exact }).click();
  else await listbox.getByRole('option').nth(1).click();
  await listbox.waitFor({ state: 'hidden' });
};

/** The sign-in form at /login (src/custom-pages/login/LoginForm.tsx). */
export class LoginForm {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  get email(): Locator {
    return this.page.getByLabel(WORDS[this.locale].email, { exact: true });
  }

  get password(): Locator {
    return this.page.getByLabel(WORDS[this.locale].password, { exact: true });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: WORDS[this.locale].signIn, exact: true });
  }

  /** Opens /login and waits for the form. */
  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.submit.waitFor();
  }

  /** Fills the form and sends it (the page must show it); where it leads is the caller's to wait for. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Opens /login, signs the demo account of `role` in and waits for the overview, where every role lands. */
  async signInAs(role: DemoRole): Promise<void> {
    await this.goto();
    await this.signIn(demoAccount(role).email);
    await this.page.waitForURL('**/overview');
  }
}

/** The console's sidebar (src/layout/AppMenu.tsx): a menu of items grouped into collapsible sections. */
export class Sidebar {
  /** The menu that holds "Log out", the last item every role has. */
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.root = page
      .getByRole('menu')
      .filter({ has: page.getByRole('menuitem', { name: WORDS[locale].logOut, exact: true }) });
  }

  /** An item (or a section's header) by its label, exactly (a count badge on its icon aside). */
  item(label: string): Locator {
    return this.root.getByRole('menuitem').filter({ has: this.page.getByText(label, { exact: true }) });
  }

  /** A section's header by its id (domain SIDEBAR_SECTIONS): it says aria-expanded. */
  section(id: string): Locator {
    return this.root.locator(`[data-sidebar-section="${id}"]`);
  }

  /** The headers' labels, in order. */
  sectionLabels(): Promise<string[]> {
    return this.root.locator('[data-section-label]').allInnerTexts();
  }

  /** Opens every closed section, one after another. */
  async expand(): Promise<void> {
    await this.root.getByRole('menuitem').first().waitFor();
    const closed = this.root.locator('[data-sidebar-section][aria-expanded="false"]');
    for (const id of await closed.evaluateAll((headers) =>
      headers.map((h) => h.getAttribute('data-sidebar-section')),
    )) {
      await this.section(id!).click();
      await this.root.locator(`[data-sidebar-section="${id}"][aria-expanded="true"]`).waitFor();
    }
  }

  /**
   * Goes to an item, opening the sections first when it is not in view, so that it is there whatever was left open
   * (a sweep of every item opens them once, not at each item: two round trips to the page less an item).
   */
  async open(label: string): Promise<void> {
    const item = this.item(label);
    if (!(await item.isVisible())) await this.expand();
    await item.click();
  }

  /** Signs out from the sidebar's last item. */
  async logOut(): Promise<void> {
    await this.item(WORDS[this.locale].logOut).click();
    await this.page.waitForURL('**/login');
  }

  /**
   * The sidebar as shown, every section opened: each section's header and
   * its items' labels (null for the items without a header), in order. A
   * count badge on an icon is not part of a label.
   */
  async groups(): Promise<SidebarGroups> {
    await this.expand();
    return this.root.evaluate((menu) => {
      const groups: [string | null, string[]][] = [];
      const labelsIn = (el: Element) =>
        Array.from(el.querySelectorAll('[role="menuitem"] [data-menu-label]')).map((l) => (l.textContent ?? '').trim());
      for (const child of Array.from(menu.children)) {
        if (child.hasAttribute('data-sidebar-section'))
          groups.push([(child.querySelector('[data-section-label]')?.textContent ?? '').trim(), []]);
        else if (child.matches('[role="menuitem"]') && child.querySelector('[data-menu-label]')) {
          const label = (child.querySelector('[data-menu-label]')?.textContent ?? '').trim();
          const last = groups[groups.length - 1];
          if (last && last[0] === null) last[1].push(label);
          else groups.push([null, [label]]);
        } else if (groups.length) groups[groups.length - 1][1].push(...labelsIn(child));
      }
      return groups;
    });
  }
}
