// ESLint for src, tests, bench and scripts: typescript-eslint's recommended rules (not type-aware:
// the whole run stays a few seconds on two cores) plus the architecture's layers as lint rules
// (eslint-rules/). tests/lint/boundaries.test.ts shows each layer rule failing on a violation.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/index.js';

const SERVER_PACKAGES = [
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-kit',
  'postgres',
  '@electric-sql/*',
  'ioredis',
  '@node-rs/*',
  'secure-json-parse',
  'ws',
  'tsx',
];
const CLIENT_PACKAGES = ['react', 'react-dom', 'react-router', '@tanstack/*', '@radix-ui/*', '@fontsource/*'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** A feature's SQL: its store.ts, or one of several stores split by concern (kernel: season-store.ts, ...). */
const FEATURE_STORES = ['src/server/features/*/store.ts', 'src/server/features/*/*-store.ts'];

/** Modules other than feature stores that own tables and so may import the schema and drizzle. */
const TABLE_OWNERS = [
  'src/server/db/**', // the schema itself, the connection, the migrator, group commit
  'src/server/wallet/**', // the only writer of users.telnet and the ledger (issue 6 item 1)
  'src/server/inventory/**', // gear and cores: cap, escrow, transfer (issue 6 item 2)
  'src/server/idempotency/**', // stored outcomes keyed by the client's idempotency key (item 3)
  'src/server/jobs/**', // the jobs table claimed with FOR UPDATE SKIP LOCKED (item 4)
  'src/server/realtime/**', // presence rows (realtime/presence-store.ts) shared by every instance
  'src/server/moderation/**', // players flagged for moderators, written in the flagging cause's transaction (ADR 046)
];

const boundaries = {
  featureRoot: 'src/server/features',
  // Tests may read another feature's store to check an invariant across features (ledger = balance).
  featureExcept: TESTS,
  layers: [
    {
      name: 'core',
      files: ['src/core/**'],
      forbidPaths: ['src/server/**', 'src/client/**', 'tests/**', 'bench/**', 'scripts/**'],
      forbidPackages: [...SERVER_PACKAGES, ...CLIENT_PACKAGES],
      forbidNodeBuiltins: true,
      because: 'src/core runs on the server and in the browser alike, so it depends on neither',
    },
    {
      name: 'client',
      files: ['src/client/**'],
      forbidPaths: ['src/server/**'],
      forbidPackages: SERVER_PACKAGES,
      because: 'the client talks to the server only through the contracts in src/core/api',
    },
    {
      name: 'browser',
      files: ['src/client/**'],
      except: TESTS,
      forbidNodeBuiltins: true,
      because: 'the client runs in the browser',
    },
    {
      name: 'server',
      files: ['src/server/**'],
      forbidPaths: ['src/client/**'],
      forbidPackages: CLIENT_PACKAGES,
      because: 'the server serves the built client, it does not import it',
    },
    {
      name: 'simulation',
      files: ['sim/**'],
      forbidPaths: ['src/server/**', 'src/client/**'],
      forbidPackages: [...SERVER_PACKAGES, ...CLIENT_PACKAGES],
      because: "the economy simulation runs the game's own pure rules from src/core, never a copy of server code",
    },
    {
      name: 'shared server modules',
      files: [
        'src/server/{http,realtime,jobs,wallet,inventory,idempotency,db,moderation,player,cluster}/**',
        'src/server/*.ts',
      ],
      except: [...TESTS, 'src/server/app.ts', 'src/server/main.ts'],
      forbidPaths: ['src/server/features/**'],
      because:
        'shared server modules serve every feature and name none; the player types they need live in src/server/player (ADR 080)',
    },
    {
      name: 'drone',
      files: ['src/server/features/drone/**'],
      except: TESTS,
      forbidPaths: ['src/server/features/**'],
      allowPaths: ['src/server/features/drone/**'],
      because:
        'the drone is a feature of its own: drop views come from src/server/inventory, player views from src/server/player (ADR 080)',
    },
    {
      name: 'optimizer',
      files: ['src/server/features/optimizer/**'],
      except: TESTS,
      forbidPaths: ['src/server/features/**'],
      allowPaths: ['src/server/features/optimizer/**'],
      because: 'the optimizer sets up only itself; app.ts composes the drone beside it (ADR 080)',
    },
    {
      name: 'client library',
      files: ['src/client/lib/**'],
      except: TESTS,
      forbidPaths: ['src/client/screens/**'],
      because:
        'the socket and API layers serve every screen and name none: a screen registers its event mapping with them (ADR 080)',
    },
    {
      name: 'database access',
      files: ['src/**', 'bench/**', 'scripts/**'],
      // Tests read rows directly to check what the code under test wrote.
      except: [...FEATURE_STORES, ...TABLE_OWNERS, ...TESTS],
      forbidPaths: ['src/server/db/schema/**'],
      forbidPackages: ['drizzle-orm'],
      because:
        "only a feature's store.ts and the modules that own tables (wallet, inventory, idempotency, jobs, db, realtime) touch the schema",
    },
  ],
  allow: [],
};

const storeTables = {
  featureRoot: 'src/server/features',
  schemaDir: 'src/server/db/schema',
  // Schema file → the features that own its tables; a file not listed belongs to the feature of its name.
  owners: {
    // taps writes the progress columns (level, experience, decodes, the tap bucket) in its group
    // commit; Telnet stays the wallet's (local/no-balance-write).
    // grant (`npm run grant`) writes level and experience the same way.
    // optimizer writes connection_rate on collect; drone writes the progress columns as taps does (issue 8).
    users: ['auth', 'taps', 'grant', 'optimizer', 'drone', 'blockchain', 'admin'], // blockchain: a guess's experience cost (conditional UPDATE)
    sessions: ['auth'],
    items: [], // gear and cores: src/server/inventory is the way in
    ledger: [], // src/server/wallet
    presence: [], // src/server/realtime
    moderation: [], // src/server/moderation
    audit: ['admin'], // the console's actions and the CLI scripts write their audit rows through it (ADR 058)
  },
  // Joined for usernames and levels by chat, ping, leaderboard…; written only by auth and the wallet.
  readable: ['users'],
};

// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'migrations/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      // No source line over 160 characters; a URL or a regular expression cannot be split, so those may run longer.
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true }],
      'local/import-boundaries': ['error', boundaries],
    },
  },
  {
    // Test helpers hand back parsed JSON that each test narrows by asserting on it.
    files: ['tests/**', ...TESTS],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: FEATURE_STORES,
    rules: { 'local/store-owns-tables': ['error', storeTables] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src/server/wallet/**', ...TESTS],
    rules: { 'local/no-balance-write': 'error' },
  },
  {
    // Output is never rendered as HTML (brief: security): React escapes text, these would not.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'The client never renders HTML from data',
        },
        {
          selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'The client never renders HTML from data',
        },
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'The client never renders HTML from data',
        },
        {
          selector: "CallExpression[callee.object.name='document'][callee.property.name=/^write(ln)?$/]",
          message: 'The client never renders HTML from data',
        },
        {
          selector: "CallExpression[callee.property.name='createContextualFragment']",
          message: 'The client never renders HTML from data',
        },
      ],
    },
  },
  {
    files: ['eslint-rules/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { console: 'readonly' } },
  },
);
