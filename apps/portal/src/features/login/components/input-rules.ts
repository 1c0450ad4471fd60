import { networkMessages } from '@return-center/contract/zod-free';
import { loadValidation } from '../../../shared/load-validation';
import { useUi } from '../../../shared/ui-store';

/**
 * The contract's input rules (zod schemas, the ones the server applies), loaded when the shopper first submits or
 * focuses the form rather than with the page; null, after a toast, when they cannot load.
 */
export async function inputRules() {
  try {
    return await loadValidation();
  } catch {
    useUi.getState().toast(networkMessages.fallback, { kind: 'error', key: 'input-rules' });
    return null;
  }
}
