import { byArea } from '../areas';

/** This language's area files as one module: one chunk loaded on demand (English ships in the entry). */
export default byArea(import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true }));
