import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { CountryInput } from '../../src/components/CountryInput';
import { inAdmin } from './helpers';

/**
 * The console's country input on react-admin's forms (src/components/CountryInput.tsx; the users' edit forms):
 * choosing 'Other' turns the list into a text field, and a button goes back to the list (docs/PRODUCT.md §4 "Forms
 * that follow what is typed"). The light app's sign-up page has its own (tests/console/register.test.tsx).
 */
describe('the country input', () => {
  it("turns into a text field when 'Other' is chosen, and goes back to the list, in Arabic", async () => {
    const user = userEvent.setup();
    render(
      await inAdmin(
        <Form record={{ country: 'EG' }}>
          <CountryInput />
        </Form>,
        { locale: 'ar' },
      ),
    );
    await user.click(await screen.findByRole('combobox', { name: /الدولة/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'أخرى' }));
    const text = await screen.findByRole('textbox', { name: /الدولة/ });
    await user.type(text, 'Tunisia');
    expect(text).toHaveValue('Tunisia');
    await user.click(screen.getByRole('button', { name: 'الاختيار من القائمة' }));
    expect(await screen.findByRole('combobox', { name: /الدولة/ })).toBeInTheDocument();
  });
});
