// The Telnet balance is written only by the wallet (server-authoritative economy): one module with a conditional
// debit and a ledger row per change. Outside it, flag drizzle writes of `telnet` and raw SQL that
// assigns it. Reads (`users.telnet` in a select, `WHERE telnet >= …`) stay allowed.
const WRITE_CALLS = new Set(['set', 'values']);
const SQL_ASSIGN = /\bset\b[^;]*?\btelnet\b["'}\s]*=(?!=)/i;
const SQL_INSERT = /\binsert\s+into\s+(?:"?users"?|\$\{\s*users\s*\})\s*\([^)]*\btelnet\b/i;

function keyName(property) {
  if (property.type !== 'Property') return null;
  if (property.key.type === 'Identifier' && !property.computed) return property.key.name;
  if (property.key.type === 'Literal') return String(property.key.value);
  return null;
}

/** Is this object what drizzle writes: `.set({…})`, `.values({…})`, `.values([{…}])`, `onConflictDoUpdate({ set: {…} })`? */
function isWritten(object) {
  let node = object;
  if (node.parent?.type === 'ArrayExpression') node = node.parent;
  const parent = node.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(node)) {
    const callee = parent.callee;
    return (
      callee.type === 'MemberExpression' &&
      callee.property.type === 'Identifier' &&
      WRITE_CALLS.has(callee.property.name)
    );
  }
  return parent?.type === 'Property' && parent.value === node && keyName(parent) === 'set';
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Only the wallet writes the Telnet balance' },
    schema: [],
    messages: {
      drizzle: 'Telnet is written only by src/server/wallet (credit/debit with a ledger row), not here',
      sql: 'Raw SQL assigning telnet: Telnet is written only by src/server/wallet (credit/debit with a ledger row)',
    },
  },
  create(context) {
    const checkText = (node, text) => {
      if (SQL_ASSIGN.test(text) || SQL_INSERT.test(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      ObjectExpression(node) {
        if (!isWritten(node)) return;
        for (const property of node.properties) {
          if (keyName(property) === 'telnet') context.report({ node: property, messageId: 'drizzle' });
        }
      },
      TemplateLiteral(node) {
        checkText(node, context.sourceCode.getText(node));
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
    };
  },
};
