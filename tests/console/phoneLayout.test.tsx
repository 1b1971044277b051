import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PhoneLayout, usePhoneLayout } from '../../src/hooks/usePhone';
import { PhoneOrWide } from '../../src/components/RowsOrCards';

/** A screen whose width can change: MUI's "below sm" query matches while `phone` is true, and says when it changes. */
const screenOf = (phone: boolean) => {
  const listeners = new Set<() => void>();
  const state = { phone };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('max-width') && state.phone;
        },
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    listeners,
    turn: (to: boolean) => {
      state.phone = to;
      for (const listener of listeners) listener();
    },
  };
};

/** Every layout a component rendered with, in order, and both layouts as PhoneOrWide shows them. */
const renders: PhoneLayout[] = [];
const Page = () => {
  renders.push(usePhoneLayout());
  return <PhoneOrWide phone={<ul aria-label="cards" />} wide={<table aria-label="table" />} />;
};

afterEach(() => {
  renders.length = 0;
  vi.restoreAllMocks();
});

describe('the phone layout (usePhoneLayout, PhoneOrWide)', () => {
  it('a page the browser renders itself has the screen’s layout from its first render, and follows the screen', () => {
    const device = screenOf(true);
    render(<Page />);
    expect(renders).toEqual(['phone']);
    expect(screen.getByRole('list', { name: 'cards' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    act(() => device.turn(false));
    expect(renders).toEqual(['phone', 'wide']);
    expect(screen.getByRole('table', { name: 'table' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a wide screen: the table alone, never both', () => {
    screenOf(false);
    render(<Page />);
    expect(renders).toEqual(['wide']);
    expect(screen.getByRole('table', { name: 'table' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('the server renders both, each in a box the CSS shows on its side of the breakpoint', () => {
    const html = renderToString(<Page />);
    expect(renders).toEqual(['unknown']);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('[data-layout="phone"] ul[aria-label="cards"]')).not.toBeNull();
    expect(page.querySelector('[data-layout="wide"] table[aria-label="table"]')).not.toBeNull();
    // both boxes carry a class of their own (the display rules by breakpoint), unlike once the layout is known
    const [phoneBox, wideBox] = Array.from(page.querySelectorAll('[data-layout]'));
    expect(phoneBox!.className).not.toBe('');
    expect(wideBox!.className).not.toBe('');
    expect(phoneBox!.className).not.toBe(wideBox!.className);
  });

  it('hydrating the server’s page renders both as the server did, then the screen’s alone, keeping its elements', async () => {
    const html = renderToString(<Page />);
    screenOf(true);
    renders.length = 0;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const cards = container.querySelector('ul');
    const recoverable = vi.fn();
    await act(async () => void hydrateRoot(container, <Page />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(renders).toEqual(['unknown', 'phone']);
    expect(container.querySelector('table')).toBeNull();
    expect(container.querySelectorAll('[data-layout]')).toHaveLength(1);
    // the cards painted from the HTML are the ones the app keeps
    expect(container.querySelector('ul')).toBe(cards);
    container.remove();
  });
});
