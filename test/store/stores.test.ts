import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { openTestPostgresStore, postgresUnavailable } from '../helpers/postgres.js';
import { freshDataFile } from '../helpers/service.js';
import { describeStore } from './conformance.js';

// The matrix: a new store is a folder under src/store and a line here.
describeStore('memory', { open: async (options) => openMemoryStore(options) });
describeStore('lowdb', { open: async (options) => openLowdbStore(await freshDataFile(), options) });
describeStore('PostgreSQL', { open: openTestPostgresStore, unavailable: postgresUnavailable });
