import { BOOT_DATA_ID, bootData, type BootData } from '@return-center/contract';

/** The configuration the server put into the page (contract `bootData`), or null when there is none or it is bad. */
export function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = bootData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
