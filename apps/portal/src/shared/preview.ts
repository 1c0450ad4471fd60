// The console's live preview (apps/admin settings page): loaded by main.tsx only when the address has `rc_preview`,
// so the login route carries none of it. zod's CSP set-up comes first, as everywhere zod loads.
import './csp';
import { PREVIEW_PARAM, PREVIEW_READY, previewMessage, type PreviewMessage } from '@return-center/contract';
import { useConfig } from './config-store';

type Preview = Omit<PreviewMessage, 'type'>;

let latest: Preview | null = null;

/** Puts the draft on the loaded configuration; once it is there, a store change that kept it does nothing. */
function apply(): void {
  const current = useConfig.getState().config;
  if (!latest || !current) return;
  const { style, text, is_remove_brand } = latest;
  if (current.style === style && current.text === text && current.is_remove_brand === is_remove_brand) return;
  useConfig.getState().setConfig({ ...current, style, text, is_remove_brand }, '');
}

const origin = window.location.origin;
const framed = window.parent !== window;

// Only in a frame of the console's own origin: a message counts when it comes from that parent window and origin.
if (framed && new URLSearchParams(window.location.search).get(PREVIEW_PARAM) === '1') {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    const parsed = previewMessage.safeParse(event.data);
    if (!parsed.success) return;
    const { type: _type, ...preview } = parsed.data;
    latest = preview;
    apply();
  });
  // The configuration may load (or load again, in another language) after the draft came: the draft stays on top.
  useConfig.subscribe(apply);
  // The console posts its draft when told this frame listens; to our own origin only, so no other parent hears it.
  window.parent.postMessage({ type: PREVIEW_READY }, origin);
}
