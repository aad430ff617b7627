// The repository's own ESLint rules (eslint.config.js registers them as plugin 'local').
import importBoundaries from './import-boundaries.js';
import noBalanceWrite from './no-balance-write.js';
import storeOwnsTables from './store-owns-tables.js';

export default {
  meta: { name: 'bitbreach-local' },
  rules: {
    'import-boundaries': importBoundaries,
    'store-owns-tables': storeOwnsTables,
    'no-balance-write': noBalanceWrite,
  },
};
