import { DEFAULT_RETURN_REASONS } from '@return-center/contract';
import { ShopifyError, type Operation, type Session } from './client.js';

/**
 * Why units come back, as Shopify's return reason definitions (`returnReasonDefinitionId`, which replaced the
 * `ReturnReason` enum in 2026-01). Shopify's library is one taxonomy for every shop, named by stable handles. Our
 * reasons are the merchant's own texts; the spec's six defaults map onto the nearest handles, first found first:
 * - "Arrived too late" → arrived-late;
 * - "Poor quality/faulty" → defective, then quality;
 * - "Looks different to image on site" → not-as-described;
 * - "Parcel damaged on arrival" → damaged, then defective;
 * - "Doesn't suit me" → unwanted, then changed-my-mind, then style;
 * - "Others (specify in notes)", and any reason the merchant wrote, → other.
 * A handle Shopify does not have (or has retired) is skipped; if none is left, the library's first live reason is
 * taken, so a return is never refused for its reason. The definitions are read once per shop and process.
 */

const [LATE, QUALITY, LOOKS, DAMAGED, SUIT] = DEFAULT_RETURN_REASONS;
const OTHER = ['other', 'unknown'];
const HANDLES = new Map<string, string[]>([
  [LATE, ['arrived-late', ...OTHER]],
  [QUALITY, ['defective', 'quality', ...OTHER]],
  [LOOKS, ['not-as-described', ...OTHER]],
  [DAMAGED, ['damaged', 'defective', ...OTHER]],
  [SUIT, ['unwanted', 'changed-my-mind', 'style', ...OTHER]],
]);
const ALL_HANDLES = [...new Set([...HANDLES.values()].flat())];

const DEFINITIONS: Operation = {
  name: 'ReturnReasonDefinitions',
  query: `query ReturnReasonDefinitions($handles: [String!], $first: Int!) {
    returnReasonDefinitions(handles: $handles, first: $first) { nodes { id handle deleted } }
  }`,
  retryable: true,
};

type Definition = { id: string; handle: string; deleted: boolean };

/** Each shop's live definitions by handle, read once (Shopify's taxonomy changes with its API versions, not daily). */
export class ReturnReasons {
  private readonly shops = new Map<number, Promise<Map<string, string>>>();

  /** The definition id for a reason of ours. */
  async idFor(s: Session, shop: number, reason: string): Promise<string> {
    let known = this.shops.get(shop);
    if (!known) {
      known = read(s);
      this.shops.set(shop, known);
      known.catch(() => this.shops.delete(shop));
    }
    const byHandle = await known;
    const wanted = HANDLES.get(reason) ?? OTHER;
    const id = wanted.map((handle) => byHandle.get(handle)).find((found) => found !== undefined);
    return id ?? firstLive(byHandle);
  }
}

async function read(s: Session): Promise<Map<string, string>> {
  const live = async (handles: string[] | null, first: number) =>
    (
      await s.request<{ returnReasonDefinitions: { nodes: Definition[] } }>(DEFINITIONS, { handles, first })
    ).returnReasonDefinitions.nodes.filter((d) => !d.deleted);
  let found = await live(ALL_HANDLES, ALL_HANDLES.length);
  // None of the handles we know: any live reason of the library will do.
  if (found.length === 0) found = await live(null, 10);
  if (found.length === 0) throw new ShopifyError('Shopify has no return reasons to give a return');
  return new Map(found.map((d) => [d.handle, d.id]));
}

const firstLive = (byHandle: Map<string, string>) => [...byHandle.values()][0] ?? '';
