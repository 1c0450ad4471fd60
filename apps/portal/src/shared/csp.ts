// zod must be told before any schema exists (objects probe for `new Function` when made). The build puts this file in
// zod's own chunk (vite.config.ts), so it runs wherever zod loads, before the schemas of the chunks that import it;
// validation.ts and app/router-app.tsx import it first all the same, which also keeps it in the build.
import { z } from 'zod';

// Keeps zod inside the portal's strict CSP: it validates without compiling code (the CSP refuses `new Function` and
// reports even a caught attempt).
z.config({ jitless: true });
