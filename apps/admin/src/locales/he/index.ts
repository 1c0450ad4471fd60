/** This language's area files (`queue.json`…) as one module: one chunk, loaded on demand (English ships in the entry). */
export default import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true });
