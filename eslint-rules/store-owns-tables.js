// A feature's store touches only its own tables (stores own their tables). Ownership is per schema file:
// db/schema/<feature>.ts belongs to <feature> unless `owners` says otherwise. Tables in `readable`
// may be imported by any feature store for reads (joins for names), but not written to.
import { schemaIndex } from './schema-index.js';
import { relativeFile, resolveImport } from './paths.js';

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+(?:"(\w+)"|(\w+)|\$\{\s*(\w+)\s*\})/gi;

export default {
  meta: {
    type: 'problem',
    docs: { description: "Forbid a feature store from touching another feature's tables" },
    schema: [
      {
        type: 'object',
        properties: {
          featureRoot: { type: 'string' },
          schemaDir: { type: 'string' },
          owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          readable: { type: 'array', items: { type: 'string' } },
        },
        required: ['featureRoot', 'schemaDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreignTable:
        "'{{name}}' is a table of {{owners}} (db/schema/{{file}}.ts); feature '{{feature}}' reaches it through that module's service, the wallet or the inventory",
      foreignWrite: "'{{name}}' ({{file}}.ts) is readable here but only {{owners}} write it",
      namespace: 'Import tables by name so their owner can be checked',
    },
  },
  create(context) {
    const { featureRoot, schemaDir, owners = {}, readable = [] } = context.options[0];
    const file = relativeFile(context);
    if (!file.startsWith(`${featureRoot}/`)) return {};
    const feature = file.slice(featureRoot.length + 1).split('/')[0];
    const cwd = context.cwd ?? context.getCwd();
    const index = schemaIndex(cwd, schemaDir);
    const ownersOf = (base) => owners[base] ?? [base];
    const owns = (base) => ownersOf(base).includes(feature);
    /** Local name → schema file, for the readable tables this store imported. */
    const readOnly = new Map();
    const describe = (base) =>
      ownersOf(base)
        .map((o) => `'${o}'`)
        .join(' or ') || 'no feature (a shared module owns it)';

    function checkSqlText(node, text) {
      for (const m of text.matchAll(SQL_WRITE)) {
        const base = m[3] ? readOnly.get(m[3]) : index.fileOfSqlTable.get(m[1] ?? m[2]);
        if (base && !owns(base)) {
          context.report({
            node,
            messageId: 'foreignWrite',
            data: { name: m[1] ?? m[2] ?? m[3], file: base, owners: describe(base) },
          });
        }
      }
    }

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const resolved = resolveImport(file, node.source.value);
        if (!resolved || !(resolved === schemaDir || resolved.startsWith(`${schemaDir}/`))) return;
        const direct = resolved === schemaDir ? null : resolved.slice(schemaDir.length + 1);
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportNamespaceSpecifier') {
            context.report({ node: spec, messageId: 'namespace' });
            continue;
          }
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const name = spec.imported.name ?? spec.imported.value;
          const base = direct ?? index.fileOfExport.get(name);
          if (!base || owns(base)) continue;
          if (readable.includes(base)) readOnly.set(spec.local.name, base);
          else
            context.report({
              node: spec,
              messageId: 'foreignTable',
              data: { name, file: base, owners: describe(base), feature },
            });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITE_METHODS.has(callee.property.name)) return;
        const table = node.arguments[0];
        if (table?.type === 'Identifier' && readOnly.has(table.name)) {
          const base = readOnly.get(table.name);
          context.report({
            node,
            messageId: 'foreignWrite',
            data: { name: table.name, file: base, owners: describe(base) },
          });
        }
      },
      TemplateLiteral(node) {
        checkSqlText(node, context.sourceCode.getText(node));
      },
      Literal(node) {
        if (typeof node.value === 'string') checkSqlText(node, node.value);
      },
    };
  },
};
