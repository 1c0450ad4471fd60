import {
  Code,
  SETTINGS_VERSION_HEADER,
  settingsConflict,
  type SettingsConflict,
  type ShopSettings,
  settingsRoutes,
} from '@return-center/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError, merchantCall } from '../../shared/api';
import { fetchSettings, SETTINGS_KEY } from '../../shared/settings-query';
import type { Update } from './section-props';
import { merged, theirChanges, type Choice, type FieldChange } from './settings-diff';

export interface Loaded {
  settings: ShopSettings;
  version: string;
}

/** A refused save: who saved since and their settings (null from a server that did not say), and what they changed. */
export interface Conflict {
  theirs: SettingsConflict | null;
  changes: FieldChange[];
}

export type SaveState =
  | { kind: 'idle' | 'saving' | 'saved' | 'loading' }
  | ({ kind: 'conflict' } & Conflict)
  | { kind: 'failed'; message: string };

/** PUT with If-Match: the server saves only over the version the draft was read from (else 412, code 1092). */
async function putSettings(settings: ShopSettings, version: string): Promise<Loaded> {
  const { data, headers } = await merchantCall(settingsRoutes.putSettings, undefined, settings, {
    [SETTINGS_VERSION_HEADER]: version,
  });
  return { settings: data, version: headers.get('etag') ?? version };
}

/**
 * The settings being edited: what was read (and its version), the merchant's draft on top, and saving it. A save that
 * meets someone else's newer one keeps the draft as it is and shows what they changed, field by field, until the
 * merchant keeps theirs or takes the other's per field, or loads the other save whole.
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

  const saveOver = async (settings: ShopSettings, over: Loaded) => {
    setState({ kind: 'saving' });
    try {
      take(await putSettings(settings, over.version));
      setState({ kind: 'saved' });
    } catch (error) {
      if (error instanceof ApiError && (error.code === Code.SettingsConflict || error.status === 412)) {
        const theirs = settingsConflict.safeParse(error.data);
        setState({
          kind: 'conflict',
          theirs: theirs.success ? theirs.data : null,
          changes: theirs.success ? theirChanges(over.settings, settings, theirs.data.settings) : [],
        });
      } else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const save = () => saveOver(draft, base);

  /**
   * The merchant's answer to a conflict, field by field: their draft over the other save (each clashing field as
   * chosen), saved over the other save's version. The form shows the merged draft whatever the answer.
   */
  const resolve = async (choices: Record<string, Choice>) => {
    if (state.kind !== 'conflict' || !state.theirs) return;
    const theirs: Loaded = { settings: state.theirs.settings, version: `"${String(state.theirs.version)}"` };
    const next = merged(draft, state.changes, choices);
    setBase(theirs);
    setDraft(next);
    await saveOver(next, theirs);
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

  return { draft, dirty, update, state, save, loadTheirs, resolve };
}
