import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

// The rooms of src/, top to bottom. A room may import the rooms below it, never one above: so each
// can be read, tested and changed knowing only what lies under it, and nothing low learns of HTTP,
// of a feature or of a tool. Rooms on one line sit side by side and import neither each other.
// generated/ (the contract's types) may be imported by every room.
const ROOMS = [
  ['server', 'sandbox', 'cli'], // entry points: src/server.ts starts the service, the sandbox the stateful mock, cli the tools
  ['app'], // src/app.ts builds the app, src/api.ts routes every feature
  ['feature', 'reference', 'dump'], // one folder per feature; the /docs handler; the dump format
  ['edge'], // HTTP middleware: authentication, admission, rate limit, CORS, Host, bodies, headers, timeouts
  ['errors'], // the problem catalogue and the one error handler
  ['contract'], // openapi.yaml loaded, validated against, its shapes
  ['config'], // settings parsed, with their defaults
  ['store'], // the Store interface, what the stores share, and each store
  ['observability'], // logs, metrics, request ids
  ['lib'], // pure helpers
];
const below = (index) => ROOMS.slice(index + 1).flat();

export default tseslint.config(
  { ignores: ['.bench/', 'dist/', 'generated/', 'node_modules/', '.tmp/', '.venv/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      // One element, src/, whose every import is checked (checkInternals); each file's room is its category.
      'boundaries/elements': [
        { type: 'src', pattern: 'src', partialMatch: false },
        { type: 'generated', pattern: 'generated', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'server', pattern: 'src/{server,serve,start,tracing}.ts' },
        { category: 'app', pattern: 'src/{app,app-steps,api}.ts' },
        { category: 'sandbox', pattern: 'src/sandbox/**' },
        { category: 'cli', pattern: 'src/cli/**' },
        { category: 'feature', pattern: 'src/features/*/*', capture: ['name', 'file'] },
        { category: 'reference', pattern: 'src/reference/**' },
        { category: 'dump', pattern: 'src/dump/**' },
        { category: 'edge', pattern: 'src/edge/**' },
        { category: 'errors', pattern: 'src/errors/**' },
        { category: 'contract', pattern: 'src/contract/**' },
        { category: 'config', pattern: 'src/config/**' },
        { category: 'store', pattern: 'src/store/**' },
        { category: 'store-folder', pattern: 'src/store/*/**', capture: ['folder', 'rest'] },
        { category: 'lowdb-engine', pattern: 'src/store/lowdb/engine/**' },
        { category: 'observability', pattern: 'src/observability/**' },
        { category: 'lib', pattern: 'src/lib/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkInternals: true,
          message:
            'the {{ from.file.categories.[0] }} room may not import {{ dependency.source }} ({{ to.file.categories.[0] }}): a room of src/ imports only the rooms below it (ROOMS, eslint.config.js)',
          policies: [
            { allow: { to: { element: { type: 'generated' } } } },
            ...ROOMS.flatMap((line, index) =>
              line.map((room) => ({
                from: { file: { categories: room } },
                allow: { to: { file: { categories: { anyOf: [room, ...below(index)] } } } },
              })),
            ),
            // A feature imports no other feature: what two need is in src/features/shared/, which imports none.
            {
              from: { file: { categories: 'feature' } },
              disallow: { to: { file: { categories: 'feature' } } },
              message:
                'a feature may not import {{ dependency.source }}: it imports no other feature, only src/features/shared/',
            },
            {
              from: { file: { categories: 'feature' } },
              allow: {
                to: {
                  file: { categories: 'feature', captured: { name: ['shared', '{{ from.file.captured.name }}'] } },
                },
              },
            },
            // Each store is a folder of its own that imports no other store's: what they share is in src/store/ and src/store/files/.
            {
              from: { file: { categories: 'store-folder' } },
              disallow: { to: { file: { categories: 'store-folder' } } },
              message:
                'a store may not import {{ dependency.source }}: it imports no other store, only src/store/ and src/store/files/',
            },
            {
              from: { file: { categories: 'store-folder' } },
              allow: {
                to: {
                  file: {
                    categories: 'store-folder',
                    captured: { folder: ['files', '{{ from.file.captured.folder }}'] },
                  },
                },
              },
            },
            // lowdb's engine (how it keeps data) knows nothing of its operations (backup, control socket, upgrade, lock) nor of what opens it.
            {
              from: { file: { categories: 'lowdb-engine' } },
              disallow: { to: { file: { path: ['src/store/lowdb/*.ts', 'src/store/lowdb/operations/**'] } } },
              message:
                'the lowdb engine may not import {{ dependency.source }}: it imports no lowdb operation, nor lowdb-store.ts or open-files.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
