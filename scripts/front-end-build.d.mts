import type { Rolldown, UserConfig } from 'vite';

export const ZOD_WITH_CSP: RegExp;

export function frontEndBuild(groups: Rolldown.CodeSplittingGroup[]): Pick<UserConfig, 'build' | 'html'>;
