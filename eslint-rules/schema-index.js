// Which schema file defines each exported name and each SQL table, read from the schema sources
// so a feature store importing `{ users }` through db/schema/index.ts is traced to users.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const cache = new Map();

export function schemaIndex(cwd, schemaDir) {
  const key = `${cwd}\0${schemaDir}`;
  let index = cache.get(key);
  if (index) return index;
  index = { fileOfExport: new Map(), fileOfSqlTable: new Map() };
  const dir = path.join(cwd, schemaDir);
  for (const name of readdirSync(dir)) {
    if (!/\.ts$/.test(name) || name === 'index.ts') continue;
    const base = name.replace(/\.ts$/, '');
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const m of text.matchAll(/export\s+(?:const|function|class|enum|let)\s+(\w+)/g))
      index.fileOfExport.set(m[1], base);
    for (const m of text.matchAll(/export\s+const\s+\w+\s*=\s*pg\w*Table\(\s*['"](\w+)['"]/g))
      index.fileOfSqlTable.set(m[1], base);
  }
  cache.set(key, index);
  return index;
}
