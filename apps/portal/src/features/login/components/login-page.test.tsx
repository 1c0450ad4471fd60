import { fallbackStoreConfig } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConfig } from '../../../shared/config-store';
import { renderPlain, setUpPortalTests } from '../../../test/render';
import LoginPage from './login-page';

setUpPortalTests();

beforeEach(() => {
  useConfig.setState({ config: fallbackStoreConfig('demo-shop.myshopify.com', 'en') });
});

const renderPage = () => renderPlain(<LoginPage leave={() => undefined} />);
const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('login tabs (WAI-ARIA tabs pattern)', () => {
  it('keeps only the selected tab in the Tab order, and shows its panel', () => {
    renderPage();
    expect(screen.getByRole('tablist', { name: 'How to find your order' })).toBeTruthy();
    expect(selected()).toBe('Order number');
    expect(tab('Order number').tabIndex).toBe(0);
    expect(tab('Email code').tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Order number' })).toBeTruthy();
  });

  it('moves focus and selection with the arrow keys, wrapping round, and with Home and End', async () => {
    const { user } = renderPage();
    await user.tab();
    expect(document.activeElement).toBe(tab('Order number'));

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Email code'));
    expect(selected()).toBe('Email code');
    expect(tab('Email code').tabIndex).toBe(0);
    expect(tab('Order number').tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Email code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Order number'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Email code'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Order number'));
    expect(selected()).toBe('Order number');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Email code'));
    expect(selected()).toBe('Email code');
  });

  it('goes from the selected tab into its panel with Tab', async () => {
    const { user } = renderPage();
    await user.click(tab('Email code'));
    expect(selected()).toBe('Email code');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
  });
});

describe('"Returning a gift?" (ADR 044)', () => {
  const giftShop = () =>
    useConfig.setState({ config: { ...fallbackStoreConfig('demo-shop.myshopify.com', 'en'), gift_returns: true } });

  it('is offered only when the shop takes gift returns', () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Returning a gift?' })).toBeNull();
  });

  it('opens the gift sign-in from the keyboard, focusing its heading, and goes back to the entry', async () => {
    giftShop();
    const { user } = renderPage();
    screen.getByRole('button', { name: 'Returning a gift?' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Return a gift' }));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText('Postcode or gift code')).toBeTruthy();
    expect(screen.getByLabelText('Your email address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('tablist', { name: 'How to find your order' })).toBeTruthy();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Returning a gift?' }));
  });
});
