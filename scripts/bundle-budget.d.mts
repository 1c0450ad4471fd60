export const BUDGET_BYTES: number;
export function loginRouteBytes(distDir: string): { total: number; files: { file: string; bytes: number }[] };
