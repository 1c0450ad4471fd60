let loading: Promise<typeof import('./validation')> | null = null;

/**
 * The portal's validation (zod and the contract's schemas), loaded on first use so that the login route draws its
 * form without it (DESIGN §6). A load that failed is tried again on the next use.
 */
export function loadValidation(): Promise<typeof import('./validation')> {
  loading ??= import('./validation').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
