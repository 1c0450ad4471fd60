import { OrderLookupMethod, type StoreText } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox, SettingsField, TextControl } from './controls';
import type { SectionProps } from './section-props';

/** How the login page asks and links, for every language: the lookup method, the contact line and the policy link. */
export function TextOptions({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const { text } = draft;
  const set = (change: Partial<StoreText>) => update('text', { ...text, ...change });
  const policy = text.return_policy_link;
  return (
    <>
      <div className="settings-row">
        <SettingsField
          name="text.order_lookup_method"
          label={t('settings.field.text.order_lookup_method')}
          error={errorOf('text.order_lookup_method')}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={text.order_lookup_method}
              onChange={(e) => set({ order_lookup_method: Number(e.target.value) })}
            >
              {Object.entries(OrderLookupMethod).map(([name, value]) => (
                <option key={value} value={value}>
                  {t(`settings.texts.lookup.${name}`)}
                </option>
              ))}
            </select>
          )}
        </SettingsField>
        <SettingsField
          name="text.return_policy_link.type"
          label={t('settings.field.text.return_policy_link.type')}
          error={errorOf('text.return_policy_link.type')}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={policy.type}
              onChange={(e) => set({ return_policy_link: { ...policy, type: e.target.value as 'default' | 'url' } })}
            >
              <option value="default">{t('settings.texts.policy.default')}</option>
              <option value="url">{t('settings.texts.policy.url')}</option>
            </select>
          )}
        </SettingsField>
      </div>
      {policy.type === 'url' ? (
        <TextControl
          name="text.return_policy_link.value"
          label={t('settings.field.text.return_policy_link.value')}
          error={errorOf('text.return_policy_link.value')}
          type="url"
          value={policy.value}
          onChange={(value) => set({ return_policy_link: { ...policy, value } })}
        />
      ) : (
        <TextControl
          name="text.return_policy_link.content"
          label={t('settings.field.text.return_policy_link.content')}
          hint={t('settings.texts.policy.contentHint')}
          error={errorOf('text.return_policy_link.content')}
          multiline
          value={policy.content}
          onChange={(content) => set({ return_policy_link: { ...policy, content } })}
        />
      )}
      <Checkbox
        name="text.hide_merchant_contact_information"
        label={t('settings.field.text.hide_merchant_contact_information')}
        checked={text.hide_merchant_contact_information === 1}
        onChange={(on) => set({ hide_merchant_contact_information: on ? 1 : 0 })}
      />
    </>
  );
}
