import { STORE_PLATFORM_MIGRATIONS } from './adapters/store-platform/migrations/all.js';
import { DB_MIGRATIONS } from './db/migrations/all.js';

/** Every migration of the database: our tables' and the store platform adapters'; the migrator runs them by name. */
export const MIGRATIONS = { ...DB_MIGRATIONS, ...STORE_PLATFORM_MIGRATIONS };
