import type { Db } from '../../db/database.js';

export interface SavedTemplate {
  subject: string;
  body: string;
  saved_by: string;
  saved_at: number;
}

/** The shops' own email templates: one per shop, notification and language (no row: the default). */
export class EmailTemplatesRepository {
  constructor(private readonly db: Db) {}

  async find(shopId: number, notification: string, language: string): Promise<SavedTemplate | undefined> {
    return this.db
      .selectFrom('email_templates')
      .select(['subject', 'body', 'saved_by', 'saved_at'])
      .where('shop_id', '=', shopId)
      .where('notification', '=', notification)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  /** The languages the shop edited, per notification. */
  async editedLanguages(shopId: number): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom('email_templates')
      .select(['notification', 'language'])
      .where('shop_id', '=', shopId)
      .orderBy('language')
      .execute();
    const byKey = new Map<string, string[]>();
    for (const row of rows) byKey.set(row.notification, [...(byKey.get(row.notification) ?? []), row.language]);
    return byKey;
  }

  async save(shopId: number, notification: string, language: string, template: SavedTemplate): Promise<void> {
    await this.db
      .insertInto('email_templates')
      .values({ shop_id: shopId, notification, language, ...template })
      .onConflict((conflict) => conflict.columns(['shop_id', 'notification', 'language']).doUpdateSet({ ...template }))
      .execute();
  }

  async remove(shopId: number, notification: string, language: string): Promise<void> {
    await this.db
      .deleteFrom('email_templates')
      .where('shop_id', '=', shopId)
      .where('notification', '=', notification)
      .where('language', '=', language)
      .execute();
  }
}
