import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * STORAGE_KEYS.token of the contract, which Vite's config cannot import (it loads workspace packages untranspiled);
 * signed-in-preload.test.ts holds the two equal.
 */
export const TOKEN_KEY = 'return-token';

/** What every signed-in page runs beyond the entry, which the login route goes without (main.tsx loads it later). */
export const SIGNED_IN_MODULES = ['/src/app/router-app.tsx', '/src/shared/validation.ts'];
/** What the root adds for a signed-in shopper: the orders page (app/load-orders-page.ts). */
export const ROOT_MODULES = ['/src/features/orders/components/orders-page.tsx'];

/** The chunks of `modules` and all they import statically, less the entry's own (the page loads those anyway). */
export function signedInChunks(
  bundle: Rolldown.OutputBundle,
  entry: Rolldown.OutputChunk,
  modules: string[],
): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const loaded = new Set([entry.fileName, ...entry.imports]);
  const files = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk) => {
    if (loaded.has(chunk.fileName) || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') add(imported);
    }
  };
  for (const id of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(id));
    if (!chunk) throw new Error(`signed-in preload: no chunk starts at ${id}`);
    add(chunk);
  }
  return [...files].sort();
}

/**
 * A script in the page that, for a shopper signed in in this tab, preloads the code of the signed-in pages beside the
 * entry rather than after it has run (issue 37): `all` on every path, `root` also on the portal's root, where the
 * orders page opens (main.tsx starts that one early too). Names are made absolute from the entry's own address, which
 * the server sets for the path the portal is served under (its base, in the page's meta, as shared/base-path.ts reads it).
 */
export const preloadScript = (all: string[], root: string[]) =>
  `(function(){try{if(!sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)}))return}catch(e){return}` +
  `var s=document.currentScript,e=document.querySelector('script[type="module"][src]');if(!e)return;` +
  `var m=document.querySelector('meta[name="return-center-base"]'),b=m&&/^(\\/[\\w-]+)+$/.test(m.content)?m.content:'',` +
  `p=location.pathname;if(p.indexOf(b)===0)p=p.slice(b.length);` +
  `var f=${JSON.stringify(names(all))};if((p||'/')==='/')f=f.concat(${JSON.stringify(names(root))});` +
  `f.forEach(function(n){var l=document.createElement('link');l.rel='modulepreload';l.href=new URL(n,e.src).href;` +
  `l.nonce=s.nonce;document.head.appendChild(l)})})()`;

const names = (files: string[]) => files.map((file) => file.replace(/^.*\//, ''));

/** The build step that writes the preload script into index.html, after the entry's own tags. */
export function signedInPreload(): Plugin {
  return {
    name: 'return-center-signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        const all = signedInChunks(bundle, chunk, SIGNED_IN_MODULES).filter((file) => !html.includes(file));
        const root = signedInChunks(bundle, chunk, ROOT_MODULES).filter(
          (file) => !html.includes(file) && !all.includes(file),
        );
        // The server puts a fresh nonce in place of the placeholder for every page (vite.config.ts `html.cspNonce`).
        return [
          {
            tag: 'script',
            attrs: { nonce: 'RETURN_CENTER_NONCE' },
            children: preloadScript(all, root),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
