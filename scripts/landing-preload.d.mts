import type { Plugin, Rolldown } from 'vite';

export function chunksOf(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk, modules: string[]): string[];
export function preloadScript(options: {
  when: string;
  base: string;
  always: string[];
  routes: { path: RegExp; files: string[] }[];
}): string;
export function landingPreload(options: {
  when: string;
  base: string;
  always: string[];
  routes: { path: RegExp; modules: string[] }[];
}): Plugin;
