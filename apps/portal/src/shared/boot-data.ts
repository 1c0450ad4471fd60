import type { BootData } from '@return-center/contract';
import { BOOT_DATA_ID } from '@return-center/contract/zod-free';

/**
 * The configuration the server put into the page (contract `bootData`), or null when there is none or it is not
 * boot data. Not checked against the schema: the server wrote it from the schema's output into this very page, and
 * zod stays off the login route (DESIGN §6).
 */
export function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    return typeof data?.code === 'string' && typeof data.config?.shop_url === 'string' ? (data as BootData) : null;
  } catch {
    return null;
  }
}
