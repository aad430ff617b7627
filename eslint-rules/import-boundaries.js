// The layers of shared/guides/architecture.md as a lint rule over resolved import paths
// (replaces the regex test tests/integration/architecture.test.ts). Each layer names the files it
// covers and what they may not import; `allow` lists the exceptions, each with its reason.
import { importVisitors, isNodeBuiltin, matchesAny, packageName, relativeFile, resolveImport } from './paths.js';

const layerSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    files: { type: 'array', items: { type: 'string' } },
    except: { type: 'array', items: { type: 'string' } },
    forbidPaths: { type: 'array', items: { type: 'string' } },
    /** Paths forbidPaths would catch that this layer may still import (a feature's own folder). */
    allowPaths: { type: 'array', items: { type: 'string' } },
    forbidPackages: { type: 'array', items: { type: 'string' } },
    forbidNodeBuiltins: { type: 'boolean' },
    because: { type: 'string' },
  },
  required: ['name', 'files', 'because'],
  additionalProperties: false,
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross the architecture layers' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: { type: 'array', items: layerSchema },
          /** Where features live: a file in <featureRoot>/a/ may not import <featureRoot>/b/store. */
          featureRoot: { type: 'string' },
          /** Files exempt from the foreign-store check (tests checking an invariant across features). */
          featureExcept: { type: 'array', items: { type: 'string' } },
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { file: { type: 'string' }, import: { type: 'string' }, reason: { type: 'string' } },
              required: ['file', 'import', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "'{{specifier}}' is off limits here ({{layer}}): {{because}}",
      foreignStore:
        "'{{specifier}}' is feature '{{other}}'s store; feature '{{feature}}' goes through that feature's service, the wallet or the inventory instead",
    },
  },
  create(context) {
    const { layers = [], featureRoot, featureExcept = [], allow = [] } = context.options[0] ?? {};
    const file = relativeFile(context);
    const active = layers.filter((l) => matchesAny(file, l.files) && !matchesAny(file, l.except));
    const feature =
      featureRoot && file.startsWith(`${featureRoot}/`) && !matchesAny(file, featureExcept)
        ? file.slice(featureRoot.length + 1).split('/')[0]
        : null;
    if (active.length === 0 && !feature) return {};

    const allowed = (specifier, resolved) =>
      allow.some((a) => matchesAny(file, [a.file]) && (a.import === specifier || a.import === resolved));

    return importVisitors((node, specifier) => {
      const resolved = resolveImport(file, specifier);
      if (allowed(specifier, resolved)) return;
      for (const layer of active) {
        const hit = resolved
          ? matchesAny(resolved, layer.forbidPaths) && !matchesAny(resolved, layer.allowPaths)
          : (layer.forbidNodeBuiltins && isNodeBuiltin(specifier)) ||
            matchesAny(packageName(specifier), layer.forbidPackages);
        if (hit) {
          context.report({
            node,
            messageId: 'forbidden',
            data: { specifier, layer: layer.name, because: layer.because },
          });
          return;
        }
      }
      if (feature && resolved?.startsWith(`${featureRoot}/`)) {
        const [other, ...rest] = resolved.slice(featureRoot.length + 1).split('/');
        if (other !== feature && rest.length === 1 && /(^|-)store$/.test(rest[0])) {
          context.report({ node, messageId: 'foreignStore', data: { specifier, other, feature } });
        }
      }
    });
  },
};
