export const BUDGET_BYTES: number;
export function routeBytes(
  distDir: string,
  page: RegExp | null,
): { total: number; files: { file: string; bytes: number }[] };
export function routerImportsOfContract(distDir: string): string[];
export function merchantSchemasInPortal(distDir: string): string[];
export function otherPagesSchemasInQueue(distDir: string): string[];
