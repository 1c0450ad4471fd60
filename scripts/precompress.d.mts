import type { Plugin } from 'vite';

export function precompress(): Plugin;
