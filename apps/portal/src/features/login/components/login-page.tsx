import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadedConfig } from '../../../shared/config-store';
import { loadValidation } from '../../../shared/load-validation';
import { readQueryParams } from '../../../shared/query-params';
import { useSession } from '../../../shared/session-store';
import { EmailForm } from './email-form';
import { GiftForm } from './gift-form';
import { OrderForm } from './order-form';
import { PolicyLink } from './policy-dialog';
import { WithdrawalLink } from './withdrawal-link';

const TABS = ['order', 'email'] as const;
type Tab = (typeof TABS)[number];

/**
 * The tab a key moves to (WAI-ARIA tabs pattern): the arrows go to the next or previous tab, wrapping round, with
 * their direction mirrored on a right-to-left page; Home and End go to the first and last. Null for any other key.
 */
function tabAfterKey(current: Tab, key: string, rtl: boolean): Tab | null {
  const index = TABS.indexOf(current);
  const targets: Record<string, number> = {
    [rtl ? 'ArrowLeft' : 'ArrowRight']: (index + 1) % TABS.length,
    [rtl ? 'ArrowRight' : 'ArrowLeft']: (index - 1 + TABS.length) % TABS.length,
    Home: 0,
    End: TABS.length - 1,
  };
  const target = targets[key];
  return target === undefined ? null : (TABS[target] ?? null);
}

interface Props {
  /** Takes the signed-in shopper on (to the root, without the login's query parameters). */
  leave: () => void;
  /** Called on the first focus in the form: the shopper is about to sign in, so what follows may start loading. */
  onEngaged?: () => void;
}

/** Spec screen 1: prove ownership by order number or by emailed code. */
export default function LoginPage({ leave, onEngaged }: Props) {
  const { t } = useTranslation();
  const config = useLoadedConfig();
  const { setToken, setOrderLogin } = useSession();
  const params = readQueryParams();
  const [tab, setTab] = useState<Tab>(params.email && !params.orderNumber ? 'email' : 'order');
  // "Returning a gift?" swaps the tabs for the gift sign-in (ADR 044); its back button swaps them back.
  const [gift, setGift] = useState(false);
  const giftEntry = useRef<HTMLButtonElement>(null);
  const leaveGift = () => {
    setGift(false);
    requestAnimationFrame(() => giftEntry.current?.focus());
  };
  const card = useRef<HTMLElement>(null);

  const onSignedIn = (token: string, login: { email: string; order_number: string }) => {
    setOrderLogin(login);
    setToken(token);
    leave();
  };
  // The input rules are zod schemas: they load once the shopper is at the form rather than with the page.
  useEffect(() => {
    const engage = () => {
      void loadValidation().catch(() => undefined);
      onEngaged?.();
    };
    const element = card.current;
    element?.addEventListener('focusin', engage, { once: true });
    return () => element?.removeEventListener('focusin', engage);
  }, [onEngaged]);
  // Only the selected tab is in the Tab order (roving tabindex); the keys move focus and select (automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, from: Tab) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = tabAfterKey(from, event.key, getComputedStyle(event.currentTarget).direction === 'rtl');
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`rc-tab-${next}`)?.focus();
  };

  return (
    <div className="rc-login-layout">
      {/* The shop's picture, or its colour: beside the card on a desktop, above it on a phone. */}
      <div className="rc-login-hero" aria-hidden="true" />
      <section ref={card} className="rc-card rc-login" aria-labelledby="rc-login-title">
        <h1 id="rc-login-title" className="rc-visually-hidden">
          {config.store_name}
        </h1>
        {gift ? (
          <GiftForm config={config} onBack={leaveGift} onSignedIn={onSignedIn} />
        ) : (
          <>
            <div role="tablist" aria-label={t('login.tabsLabel')} className="rc-tabs">
              {TABS.map((name) => (
                <button
                  key={name}
                  id={`rc-tab-${name}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  aria-controls={`rc-panel-${name}`}
                  tabIndex={tab === name ? 0 : -1}
                  className="rc-tab"
                  onClick={() => setTab(name)}
                  onKeyDown={(event) => onTabKey(event, name)}
                >
                  {t(name === 'order' ? 'login.tabOrder' : 'login.tabEmail')}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`rc-panel-${tab}`} aria-labelledby={`rc-tab-${tab}`}>
              {tab === 'order' ? (
                <OrderForm
                  config={config}
                  initial={{ email: params.email, orderNumber: params.orderNumber }}
                  onSignedIn={onSignedIn}
                />
              ) : (
                <EmailForm config={config} initialEmail={params.email} onSignedIn={onSignedIn} />
              )}
            </div>
          </>
        )}
        {config.withdrawal ? <WithdrawalLink /> : null}
        <p className="rc-note">{t('login.footer', { count: config.return_window_days })}</p>
        <p className="rc-login__links">
          <PolicyLink config={config} />
        </p>
        {config.gift_returns && !gift ? (
          <p className="rc-login__links">
            <button ref={giftEntry} type="button" className="rc-link" onClick={() => setGift(true)}>
              {t('login.gift.entry')}
            </button>
          </p>
        ) : null}
        {config.text.hide_merchant_contact_information ? null : (
          <address className="rc-contact">
            {t('login.contact', { store: config.contact.store_name })}
            {config.contact.email ? (
              <>
                {' · '}
                <a className="rc-link" href={`mailto:${config.contact.email}`}>
                  {config.contact.email}
                </a>
              </>
            ) : null}
            {config.contact.phone ? ` · ${config.contact.phone}` : null}
          </address>
        )}
      </section>
    </div>
  );
}
