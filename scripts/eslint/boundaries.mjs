// Local ESLint rules for the import boundaries of docs/decisions/011 and ../shared/conventions.md. They read import
// specifiers and type assertions only (no type information), so the whole tree lints in seconds.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const WEB_SRC = resolve(ROOT, 'apps/web/src');
const toPosix = (path) => path.split(sep).join('/');

/** Where a web source file sits: its feature, or 'shared' (components, hooks, lib), 'app' (routes, layout), or null. */
function webAreaOf(file) {
  const rel = toPosix(relative(WEB_SRC, file));
  if (rel.startsWith('..')) return null;
  const [top, name] = rel.split('/');
  if (top === 'features' && name) return { kind: 'feature', name };
  if (top === 'components' || top === 'hooks' || top === 'lib') return { kind: 'shared', name: top };
  if (top === 'app') return { kind: 'app', name: 'app' };
  return null;
}

/** Every import-like specifier of a module: import, export … from, import(), require(). */
function onSpecifiers(context, check) {
  const visit = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

/**
 * Web features stand alone (bulletproof-react): a file in features/<x>/ imports nothing from features/<y>/, and the
 * shared pieces (components/, hooks/, lib/) import nothing from features/ or app/. Route files in app/ compose
 * features freely.
 */
const webFeatureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'No imports across apps/web/src/features/* folders; shared web code does not depend on features or the app.' },
    schema: [],
    messages: {
      crossFeature: "features/{{from}} imports from features/{{to}}: features stand alone. Move the shared piece to components/ui/, hooks/ or lib/, or compose both features in a route file (app/routes/).",
      sharedUp: '{{from}}/ imports from {{to}}: shared web code (components/, hooks/, lib/) must not depend on features or the app.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = webAreaOf(file);
    if (!from || from.kind === 'app') return {};
    return onSpecifiers(context, (node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const target = webAreaOf(resolve(dirname(file), specifier));
      if (!target) return;
      if (from.kind === 'feature' && target.kind === 'feature' && target.name !== from.name) {
        context.report({ node, messageId: 'crossFeature', data: { from: from.name, to: target.name } });
      } else if (from.kind === 'shared' && (target.kind === 'feature' || target.kind === 'app')) {
        context.report({ node, messageId: 'sharedUp', data: { from: from.name, to: toPosix(relative(WEB_SRC, resolve(dirname(file), specifier))) } });
      }
    });
  },
};

const SERVER_SRC = resolve(ROOT, 'apps/server/src');
/** The server's ground floor: what any layer may import, importing none of them. */
const SERVER_GROUND = ['auth', 'lib'];
/** The layers above it (decision 011: route -> policy -> service -> repository -> presenter, and their plugins). */
const SERVER_UPPER = ['services', 'policies', 'plugins', 'routes', 'presenters', 'repositories', 'realtime'];

/**
 * Who a caller is (auth/principal.ts), the role table and lib/ stand below every server layer: a file there imports
 * nothing from services/, policies/, plugins/, routes/, presenters/, repositories/ or realtime/. Services that both
 * act for a caller and are asked about one (principals, API keys, share links, the audit trail) once imported each
 * other in a circle through the principal's type (issue 31); with it down here none needs another to know who calls.
 */
const serverGroundFloor = {
  meta: {
    type: 'problem',
    docs: { description: 'apps/server/src/auth/ and lib/ import nothing from the layers above them.' },
    schema: [],
    messages: {
      upward: "{{from}}/ imports from {{to}}: auth/ and lib/ stand below every server layer. Move what both need down here (as auth/principal.ts holds who a caller is), or keep the code in the layer it needs.",
    },
  },
  create(context) {
    const rel = toPosix(relative(SERVER_SRC, context.filename));
    const fromTop = rel.split('/')[0];
    if (rel.startsWith('..') || !SERVER_GROUND.includes(fromTop)) return {};
    return onSpecifiers(context, (node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const target = toPosix(relative(SERVER_SRC, resolve(dirname(context.filename), specifier)));
      if (target.startsWith('..')) return;
      if (SERVER_UPPER.includes(target.split('/')[0])) context.report({ node, messageId: 'upward', data: { from: fromTop, to: target } });
    });
  },
};

const SHARED_PACKAGE = '@cargo/shared';

/** True for `x.json()` and `await x.json()` (a reply body), through parentheses. */
function isJsonBody(node) {
  let inner = node;
  if (inner.type === 'AwaitExpression') inner = inner.argument;
  return (
    inner.type === 'CallExpression' &&
    inner.callee.type === 'MemberExpression' &&
    !inner.callee.computed &&
    inner.callee.property.type === 'Identifier' &&
    inner.callee.property.name === 'json' &&
    inner.arguments.length === 0
  );
}

/**
 * API and browser tests read reply bodies with the shapes of packages/shared: `(await reply.json()) as Package[]`,
 * never a shape typed again by hand (`as { token: string }`, a local interface). Generic containers (`Record<…>`,
 * `unknown`) say nothing about the shape and pass.
 */
const noRetypedResponse = {
  meta: {
    type: 'problem',
    docs: { description: 'A reply body is typed with a shape imported from @cargo/shared, not retyped in the test.' },
    schema: [],
    messages: {
      retyped:
        "This reply body is typed by hand ({{type}}). Import its shape from '@cargo/shared' (the zod schema's inferred type) instead of retyping it.",
    },
  },
  create(context) {
    const fromShared = new Set();
    const allowed = (type) => {
      switch (type.type) {
        case 'TSUnknownKeyword':
        case 'TSAnyKeyword':
          return true;
        case 'TSArrayType':
          return allowed(type.elementType);
        case 'TSUnionType':
        case 'TSIntersectionType':
          return type.types.every(allowed);
        case 'TSTypeReference': {
          const name = type.typeName;
          if (name.type === 'TSQualifiedName') return name.right.name === 'infer' || name.right.name === 'input' || name.right.name === 'output';
          const args = type.typeArguments?.params ?? [];
          if (name.name === 'Array' || name.name === 'ReadonlyArray' || name.name === 'Partial' || name.name === 'Pick' || name.name === 'Omit') {
            return args.length > 0 && allowed(args[0]);
          }
          if (name.name === 'Record') return true;
          return fromShared.has(name.name);
        }
        default:
          return false;
      }
    };
    const check = (node) => {
      if (!isJsonBody(node.expression)) return;
      if (!allowed(node.typeAnnotation)) {
        context.report({ node: node.typeAnnotation, messageId: 'retyped', data: { type: context.sourceCode.getText(node.typeAnnotation).slice(0, 60) } });
      }
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== SHARED_PACKAGE) return;
        for (const spec of node.specifiers) fromShared.add(spec.local.name);
      },
      TSAsExpression: check,
      TSTypeAssertion: check,

    };
  },
};

export default {
  meta: { name: 'cargo-boundaries' },
  rules: {
    'web-feature-boundaries': webFeatureBoundaries,
    'server-ground-floor': serverGroundFloor,
    'no-retyped-response': noRetypedResponse,
  },
};
