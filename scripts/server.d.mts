export const serverCommand: [string, string[]];
export const serverEnvDefaults: Record<string, string>;
