import type { EmailNotification, EmailPreview, EmailTemplate, EmailVariable } from '@return-center/contract';
import type { MailMessage, MailTransport } from '../../adapters/mail/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import type { Shop } from '../storefront-config/shop.js';
import { brandOf } from './branded-layout.js';
import { NOTIFICATIONS, notificationOf, samplesOf, type Notification, type SendExtras } from './email-catalog.js';
import { composeEmail } from './email-compose.js';
import type { EmailTemplatesRepository } from './email-templates.repository.js';
import { renderTemplate, templateErrors } from './email-templating.js';
import { supportedLocale } from '@return-center/contract';

/** The variables as the shop's previews show them: its own name, the catalog's sample of the rest. */
const variablesOf = (shop: Shop, variables: readonly EmailVariable[]) =>
  variables.map((v) => (v.name === 'store_name' ? { ...v, sample: shop.name } : v));

interface Content {
  subject: string;
  body: string;
}

/**
 * The emails the shopper gets, as the shop wrote them (issue 34 point 3, ADR 042): the catalog's notifications, the
 * shop's own subject and body per language where it saved one, else the default; checked on save, never at send.
 */
export class EmailTemplatesService {
  constructor(
    private readonly repo: EmailTemplatesRepository,
    private readonly clock: Clock,
    private readonly mail: MailTransport,
  ) {}

  async list(shop: Shop): Promise<EmailNotification[]> {
    const edited = await this.repo.editedLanguages(shop.id);
    return NOTIFICATIONS.map(({ key, title, description, variables }) => ({
      key,
      title,
      description,
      variables: variablesOf(shop, variables),
      edited_languages: edited.get(key) ?? [],
    }));
  }

  async get(shop: Shop, key: string, lang: string): Promise<EmailTemplate> {
    const notification = this.notification(key);
    const saved = await this.repo.find(shop.id, key, lang);
    return {
      key,
      lang,
      variables: variablesOf(shop, notification.variables),
      default: notification.defaults(lang),
      override: saved ?? null,
    };
  }

  /** Saves the shop's version; a template that does not render with the samples is refused (422, by field). */
  async save(shop: Shop, key: string, input: Content & { lang: string }, actor: string): Promise<EmailTemplate> {
    this.check(this.notification(key), input);
    await this.repo.save(shop.id, key, input.lang, {
      subject: input.subject,
      body: input.body,
      saved_by: actor,
      saved_at: nowSeconds(this.clock),
    });
    return this.get(shop, key, input.lang);
  }

  async reset(shop: Shop, key: string, lang: string): Promise<EmailTemplate> {
    this.notification(key);
    await this.repo.remove(shop.id, key, lang);
    return this.get(shop, key, lang);
  }

  /** A subject and body rendered with the samples, in the shop's brand. */
  preview(shop: Shop, key: string, input: Content & { lang: string }): EmailPreview {
    const notification = this.notification(key);
    this.check(notification, input);
    // The shop's own name; every other value is the catalog's sample.
    const samples = { ...samplesOf(notification), store_name: shop.name };
    return this.compose(shop, notification, input.lang, input, samples, {});
  }

  /** The preview, sent to `to` as a test. */
  async test(shop: Shop, key: string, input: Content & { lang: string }, to: string): Promise<void> {
    const preview = this.preview(shop, key, input);
    await this.mail.send({ shopId: shop.id, to, ...preview, subject: `[Test] ${preview.subject}` });
  }

  /**
   * The email of a notification to a shopper in their language: the shop's template (or the default), its variables,
   * the shop's brand, a plain-text part, and the fixed blocks.
   */
  async message(
    shop: Shop,
    key: string,
    lang: string,
    to: string,
    vars: Record<string, string>,
    extras: SendExtras = {},
  ): Promise<MailMessage> {
    const notification = this.notification(key);
    const language = supportedLocale(lang) ?? 'en';
    const saved = await this.repo.find(shop.id, key, language);
    const values = { ...Object.fromEntries(notification.variables.map((v) => [v.name, ''])), ...vars };
    let email: EmailPreview;
    try {
      email = this.compose(shop, notification, language, saved ?? notification.defaults(language), values, extras);
    } catch {
      // Saved templates were checked when saved; one that fails now (a variable since renamed) sends the default.
      email = this.compose(shop, notification, language, notification.defaults(language), values, extras);
    }
    return { shopId: shop.id, to, ...email };
  }

  private compose(
    shop: Shop,
    notification: Notification,
    lang: string,
    content: Content,
    vars: Record<string, string>,
    extras: SendExtras,
  ): EmailPreview {
    return composeEmail(
      brandOf(shop, lang),
      renderTemplate(content.subject, vars),
      renderTemplate(content.body, vars),
      notification.blocks(vars, lang, extras),
    );
  }

  private check(notification: Notification, content: Content) {
    const found = templateErrors(content, samplesOf(notification));
    if (found.length > 0) throw errors.unprocessableFields(found);
  }

  private notification(key: string): Notification {
    const notification = notificationOf(key);
    if (!notification) throw errors.notFound();
    return notification;
  }
}
