import { Code, messages, type AnswerOf, type calls } from '@return-center/contract';
import type { z } from 'zod';
import type {
  PlatformProduct,
  PlatformVariant,
  ProductPage,
  StorePlatform,
} from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import { AppError, errors } from '../../http/app-error.js';

type Variant = AnswerOf<typeof calls.getVariantIdByOption>;
type CatalogueQuery = z.output<typeof calls.getVariantList.payload>;

/** How many products "similar items" shows. */
const RECOMMENDATIONS = 8;

const noStock = () => new AppError(Code.NoStock, messages.noStock);

/** The contract's view of a variant of the shop's catalogue. */
function toVariant(product: PlatformProduct, variant: PlatformVariant): Variant {
  return {
    id: variant.id,
    product_id: product.id,
    title: variant.title,
    price: variant.price,
    inventory_quantity: variant.stock,
    option1: variant.options[0] ?? null,
    option2: variant.options[1] ?? null,
    option3: variant.options[2] ?? null,
    image: product.image,
  };
}

/** Exchanges (#13): the shop's catalogue as the portal sees it, through the store-platform port. */
export class ExchangesService {
  constructor(
    private readonly platform: StorePlatform,
    private readonly clock: Clock,
    /** How long an unpaid draft holds its units (EXCHANGE_DRAFT_TTL_MINUTES). */
    private readonly draftTtlSeconds: number,
  ) {}

  /**
   * Drafts no request holds that are older than their time give their units back (see expireOpenDraftOrders);
   * answers how many. Runs at start and every minute.
   */
  expireAbandonedDrafts(): Promise<number> {
    return this.platform.expireOpenDraftOrders(nowSeconds(this.clock) - this.draftTtlSeconds);
  }

  /** A page of the shop's catalogue to exchange for (spec screen 8), with the shop's collections to filter by. */
  async catalogue(shopId: number, query: CatalogueQuery): Promise<AnswerOf<typeof calls.getVariantList>> {
    const [page, collections] = await Promise.all([
      this.products(shopId, query),
      this.platform.listCollections(shopId),
    ]);
    return {
      list: page.products.map((product) => ({
        id: product.id,
        title: product.title,
        image: product.image,
        created_at: product.createdAt,
        option_names: product.optionNames,
        variants: product.variants.map((v) => toVariant(product, v)),
      })),
      next_cursor: page.nextCursor,
      collections: collections.map(({ id, title }) => ({ id, title })),
    };
  }

  private products(shopId: number, query: CatalogueQuery): Promise<ProductPage> {
    if (query.product_id !== null) return this.oneProduct(shopId, query.product_id);
    if (query.similar_to !== null)
      return this.platform
        .recommendProducts(shopId, query.similar_to, RECOMMENDATIONS)
        .then((products) => ({ products, nextCursor: null }));
    return this.page(shopId, query);
  }

  private async oneProduct(shopId: number, productId: number): Promise<ProductPage> {
    const product = await this.platform.getProduct(shopId, productId);
    return { products: product ? [product] : [], nextCursor: null };
  }

  private page(shopId: number, query: CatalogueQuery): Promise<ProductPage> {
    return this.platform
      .listProducts(shopId, {
        search: query.search,
        sort: query.sort,
        ...(query.collection_id === null ? {} : { collectionId: query.collection_id }),
        price: {
          ...(query.price_min === null ? {} : { min: query.price_min }),
          ...(query.price_max === null ? {} : { max: query.price_max }),
        },
        inStock: query.in_stock,
        cursor: query.cursor,
        limit: query.limit,
      })
      .catch((error: unknown) => {
        if (error instanceof RangeError) throw errors.invalidInput('cursor: start again from the first page');
        throw error;
      });
  }

  /**
   * The variant of a product with exactly these option values, when it has `quantity` units in stock (spec §7
   * getVariantIdByOption). A product the shop no longer sells answers "The original product has been deleted.";
   * a combination it does not make, or has too few of, "No stock".
   */
  async variantByOptions(
    shopId: number,
    input: {
      product_id: number;
      quantity: number;
      option1: string | null;
      option2: string | null;
      option3: string | null;
    },
  ): Promise<Variant> {
    const product = await this.platform.getProduct(shopId, input.product_id);
    if (!product) throw new AppError(Code.NotFound, messages.productDeleted);
    const wanted = [input.option1, input.option2, input.option3].slice(0, product.optionNames.length);
    const variant = product.variants.find((v) => wanted.every((value, i) => v.options[i] === value));
    if (!variant || variant.stock < input.quantity) throw noStock();
    return toVariant(product, variant);
  }
}
