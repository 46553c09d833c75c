// The layer rule of main/: its folders are stacked, lowest first, and a file may import only its own
// folder and the layers below it. A service client that imported the uploads queue, or an engine that
// imported the Electron wiring, would tie together what is meant to be tested and changed apart.
// Each import is resolved against the importing file, so '../auth/x' from main/service/ is caught
// however deep either file sits. Type-only imports count as well: a type that points upward binds
// the layers as tightly as a value does. Imports that leave main/ (common/, preload/, packages) are
// not this rule's concern.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The layers, lowest first; folders in one layer may not import each other. */
export const MAIN_LAYERS = [
  ['files'],
  ['service', 'settings'],
  ['auth'],
  ['images'],
  ['uploads'],
  ['logging', 'updates'],
  ['desktop', 'cli'],
  ['engine'],
  ['app'],
];

const order = MAIN_LAYERS.map((layer) => layer.join(', ')).join(' < ');

/** The top folder of main/ a path is in ('cli' for main/cli.ts), or undefined outside main/. */
function folderOf(mainDir, path) {
  const inside = relative(mainDir, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep)[0].replace(/\.[cm]?[jt]s$/, '');
}

function layerOf(folder) {
  const index = MAIN_LAYERS.findIndex((layer) => layer.includes(folder));
  return index === -1 ? undefined : index;
}

/** @type {import('eslint').Rule.RuleModule} */
export const mainLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of main/ imports only its own folder and the layers below it.' },
    schema: [
      {
        type: 'object',
        properties: { mainDir: { type: 'string' } },
        required: ['mainDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "main/{{from}} may not import main/{{to}} ('{{source}}'): a folder imports only the layers below it ({{order}}).",
      unplaced:
        'main/{{from}} has no place in the layer order of main/ ({{order}}); add it to MAIN_LAYERS in lint/main-layers.js.',
    },
  },
  create(context) {
    const mainDir = resolve(context.options[0].mainDir);
    const from = folderOf(mainDir, resolve(context.filename));
    if (from === undefined) return {};
    const fromLayer = layerOf(from);

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      if (fromLayer === undefined) {
        context.report({ node: source, messageId: 'unplaced', data: { from, order } });
        return;
      }
      const to = folderOf(mainDir, resolve(dirname(resolve(context.filename)), source.value));
      if (to === undefined || to === from) return;
      const toLayer = layerOf(to);
      if (toLayer === undefined || toLayer >= fromLayer)
        context.report({ node: source, messageId: 'upward', data: { from, to, source: source.value, order } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
