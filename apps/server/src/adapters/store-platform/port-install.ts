/** The shop's offline token, and the scopes it grants. */
export interface InstallToken {
  token: string;
  scopes: string;
}

/** A platform merchants install our app on by OAuth (Shopify): the callback's code is traded for the shop's token. */
export interface InstallGrant {
  /** Null when the platform gives no token: a bad or used code, no answer in time, an answer without one. */
  exchangeCode(shop: string, code: string): Promise<InstallToken | null>;
}
