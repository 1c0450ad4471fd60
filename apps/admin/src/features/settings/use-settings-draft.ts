import { Code, SETTINGS_VERSION_HEADER, type ShopSettings } from '@return-center/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError, merchantCall } from '../../shared/api';
import { fetchSettings, SETTINGS_KEY } from '../../shared/settings-query';
import type { Update } from './section-props';

export interface Loaded {
  settings: ShopSettings;
  version: string;
}

export type SaveState =
  { kind: 'idle' | 'saving' | 'saved' | 'loading' } | { kind: 'conflict' } | { kind: 'failed'; message: string };

/** PUT with If-Match: the server saves only over the version the draft was read from (else 412, code 1092). */
async function putSettings(settings: ShopSettings, version: string): Promise<Loaded> {
  const { data, headers } = await merchantCall('putSettings', undefined, settings, {
    [SETTINGS_VERSION_HEADER]: version,
  });
  return { settings: data, version: headers.get('etag') ?? version };
}

/**
 * The settings being edited: what was read (and its version), the merchant's draft on top, and saving it. A save that
 * meets someone else's newer one keeps the draft as it is and waits for the merchant to load theirs.
 */
export function useSettingsDraft(initial: Loaded) {
  const client = useQueryClient();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial.settings);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(base.settings), [draft, base]);

  const update: Update = useCallback((key, value) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setState((current) => (current.kind === 'saved' || current.kind === 'failed' ? { kind: 'idle' } : current));
  }, []);

  const take = (loaded: Loaded) => {
    setBase(loaded);
    setDraft(loaded.settings);
    client.setQueryData(SETTINGS_KEY, loaded);
  };

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      take(await putSettings(draft, base.version));
      setState({ kind: 'saved' });
    } catch (error) {
      if (error instanceof ApiError && (error.code === Code.SettingsConflict || error.status === 412))
        setState({ kind: 'conflict' });
      else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Someone else's save replaces the draft: only when the merchant asks for it. */
  const loadTheirs = async () => {
    setState({ kind: 'loading' });
    try {
      take(await fetchSettings());
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return { draft, dirty, update, state, save, loadTheirs };
}
