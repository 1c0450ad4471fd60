// A Vite build step of both front ends (issue 37): the page starts fetching the code its first screen needs beside the
// entry, instead of after the entry has run and asked for it. Node built-ins only.

/**
 * The chunks of `modules` and all they import statically, less the entry's own (the page loads those anyway).
 * @param {import('vite').Rolldown.OutputBundle} bundle
 * @param {import('vite').Rolldown.OutputChunk} entry
 * @param {string[]} modules  source paths, matched by their end (`/src/app/router-app.tsx`)
 * @returns {string[]}
 */
export function chunksOf(bundle, entry, modules) {
  const chunks = /** @type {import('vite').Rolldown.OutputChunk[]} */ (
    Object.values(bundle).filter((file) => file.type === 'chunk')
  );
  const loaded = new Set([entry.fileName, ...entry.imports]);
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {import('vite').Rolldown.OutputChunk} chunk */
  const add = (chunk) => {
    if (loaded.has(chunk.fileName) || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') add(imported);
    }
  };
  for (const id of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(id));
    if (!chunk) throw new Error(`landing preload: no chunk starts at ${id}`);
    add(chunk);
  }
  return [...files].sort();
}

/**
 * The page's script: when `when` (a JavaScript expression) holds, a `<link rel="modulepreload">` for every file of
 * `always`, and of each route whose pattern matches the page's path below `base` (an expression too: the path the
 * page is served under, whose `/assets/` hold the build's files). The links carry the page's nonce, as its CSP asks.
 * @param {{ when: string, base: string, always: string[], routes: { path: RegExp, files: string[] }[] }} options
 */
export function preloadScript({ when, base, always, routes }) {
  const names = (/** @type {string[]} */ files) => JSON.stringify(files.map((file) => file.replace(/^.*\//, '')));
  const matches = routes.map(({ path, files }) => `if(${String(path)}.test(p))f=f.concat(${names(files)});`).join('');
  return (
    `(function(){try{if(!(${when}))return}catch(x){return}` +
    `var s=document.currentScript,b=${base},p=location.pathname;if(p.indexOf(b)===0)p=p.slice(b.length);` +
    `var f=${names(always)};${matches}` +
    `f.forEach(function(n){var l=document.createElement('link');l.rel='modulepreload';l.href=b+'/assets/'+n;` +
    `l.nonce=s.nonce;document.head.appendChild(l)})})()`
  );
}

/**
 * The plugin: writes the script into index.html just before the entry's tags (after them, it would wait for the
 * stylesheet), nonce'd with the placeholder the server replaces on every page (`html.cspNonce` of the Vite configs).
 * @param {{ when: string, base: string, always: string[], routes: { path: RegExp, modules: string[] }[] }} options
 * @returns {import('vite').Plugin}
 */
export function landingPreload({ when, base, always, routes }) {
  return {
    name: 'return-center-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const notInPage = (/** @type {string} */ file) => !html.includes(file);
        const common = chunksOf(bundle, chunk, always).filter(notInPage);
        const script = preloadScript({
          when,
          base,
          always: common,
          routes: routes.map(({ path, modules }) => ({
            path,
            files: chunksOf(bundle, chunk, modules).filter((file) => notInPage(file) && !common.includes(file)),
          })),
        });
        const entryTag = html.indexOf('<script type="module"');
        if (entryTag < 0) throw new Error('landing preload: index.html has no module script');
        return `${html.slice(0, entryTag)}<script nonce="RETURN_CENTER_NONCE">${script}</script>\n    ${html.slice(entryTag)}`;
      },
    },
  };
}
