import { shopSettings, type ShopSettings, merchantUrl, settingsRoutes } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const SETTINGS_KEY = ['settings'] as const;

/** The shop's settings and the version they were read at (a save names it: a newer save by someone else wins). */
export async function fetchSettings(): Promise<{ settings: ShopSettings; version: string }> {
  const { data, headers } = await api('GET', merchantUrl(settingsRoutes.getSettings), shopSettings);
  return { settings: data, version: headers.get('etag') ?? '' };
}

export const useSettings = () => useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchSettings });
