// Local ESLint rules for "SQL in named places" (conventions.md; README "Layout"), used by eslint.config.mjs.
//
// workspace-scope: in a `*.queries.ts` file, every exported function declares its workspace scope. Either
// it takes the workspace (a parameter named `workspaceId`, or an object parameter carrying `workspaceId`:
// destructured, or typed with a type literal or an interface or type alias of the same file that has the
// field) and uses it, or its JSDoc says why it spans workspaces with `@allWorkspaces <why>` (the dispatch
// tick, polling every inbox, keyed by ids the caller found in its workspace: say which). Syntax only, so
// it runs without type information, like the rest of the lint.

const TAG = /@allWorkspaces[ \t]+\S/;
const WORKSPACE = 'workspaceId';

/** The JSDoc block right before `node` (the export statement), or null. */
function jsdocBefore(sourceCode, node) {
  const comments = sourceCode.getCommentsBefore(node);
  const last = comments[comments.length - 1];
  return last && last.type === 'Block' && last.value.startsWith('*') ? last.value : null;
}

const isFunction = (node) => node && (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression');

/** Interfaces and type aliases declared in the file, by name (to read a parameter's type). */
function localTypes(program) {
  const types = new Map();
  for (const statement of program.body) {
    const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (decl && (decl.type === 'TSInterfaceDeclaration' || decl.type === 'TSTypeAliasDeclaration')) types.set(decl.id.name, decl);
  }
  return types;
}

/** Whether the type node (a literal, a local interface or alias, an intersection, Pick/Omit/Readonly of
 *  one) has a `workspaceId` field. */
function typeHasWorkspace(type, types, seen = new Set()) {
  if (!type) return false;
  switch (type.type) {
    case 'TSTypeLiteral':
      return type.members.some((m) => m.type === 'TSPropertySignature' && m.key.type === 'Identifier' && m.key.name === WORKSPACE);
    case 'TSIntersectionType':
      return type.types.some((t) => typeHasWorkspace(t, types, seen));
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return false;
      const name = type.typeName.name;
      const args = type.typeArguments?.params ?? [];
      if (['Readonly', 'Required', 'Pick'].includes(name)) return typeHasWorkspace(args[0], types, seen);
      if (name === 'Omit') return typeHasWorkspace(args[0], types, seen) && !JSON.stringify(args[1] ?? null).includes(`"${WORKSPACE}"`);
      const decl = types.get(name);
      if (!decl || seen.has(name)) return false;
      seen.add(name);
      if (decl.type === 'TSTypeAliasDeclaration') return typeHasWorkspace(decl.typeAnnotation, types, seen);
      return (
        decl.body.body.some((m) => m.type === 'TSPropertySignature' && m.key.type === 'Identifier' && m.key.name === WORKSPACE) ||
        (decl.extends ?? []).some((h) => h.expression.type === 'Identifier' && typeHasWorkspace({ type: 'TSTypeReference', typeName: h.expression }, types, seen))
      );
    }
    default:
      return false;
  }
}

/** The parameters that carry the workspace: [identifier node, is it used] for each. */
function workspaceParams(fn, sourceCode, types) {
  const found = [];
  for (const raw of fn.params) {
    const param = raw.type === 'AssignmentPattern' ? raw.left : raw.type === 'TSParameterProperty' ? raw.parameter : raw;
    if (param.type === 'Identifier') {
      const carries = param.name === WORKSPACE || typeHasWorkspace(param.typeAnnotation?.typeAnnotation, types);
      if (carries) found.push(param);
    } else if (param.type === 'ObjectPattern') {
      for (const p of param.properties) {
        if (p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === WORKSPACE) {
          const value = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
          if (value.type === 'Identifier') found.push(value);
        }
      }
    }
  }
  const scope = sourceCode.scopeManager.acquire(fn);
  return found.map((id) => {
    const variable = scope?.set.get(id.name);
    return { id, used: Boolean(variable && variable.references.some((r) => r.identifier !== id)) };
  });
}

const workspaceScope = {
  meta: {
    type: 'problem',
    docs: { description: 'Every exported function of a *.queries.ts file takes the workspace or carries @allWorkspaces <why>.' },
    schema: [],
    messages: {
      missing:
        '{{name}} runs SQL for whom? Take the workspace (a `workspaceId` parameter, or an object parameter with a `workspaceId` field, used in the statement) or say why it spans workspaces with a JSDoc `@allWorkspaces <why>` tag (conventions.md "SQL in named places").',
      unused: '{{name}} takes `workspaceId` but never uses it: put it in the statement, or drop it and say why with `@allWorkspaces <why>` (conventions.md "SQL in named places").',
      emptyTag: '{{name}}: `@allWorkspaces` needs its reason after it (which caller found the ids, or why every workspace).',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    let types = new Map();

    function check(fn, name, exportNode) {
      const doc = jsdocBefore(sourceCode, exportNode);
      if (doc && doc.includes('@allWorkspaces')) {
        if (!TAG.test(doc)) context.report({ node: fn, messageId: 'emptyTag', data: { name } });
        return;
      }
      const params = workspaceParams(fn, sourceCode, types);
      if (!params.length) context.report({ node: fn, messageId: 'missing', data: { name } });
      else if (!params.some((p) => p.used)) context.report({ node: params[0].id, messageId: 'unused', data: { name } });
    }

    /** The function a local name is bound to (`export { name }`), with the statement its JSDoc sits on. */
    function localFunction(name, at) {
      const variable = sourceCode.getScope(at).set.get(name) ?? sourceCode.getScope(at).upper?.set.get(name);
      const def = variable?.defs[0];
      if (!def) return null;
      if (def.type === 'FunctionName') return { fn: def.node, statement: def.node };
      if (def.type === 'Variable' && isFunction(def.node.init)) return { fn: def.node.init, statement: def.parent };
      return null;
    }

    return {
      Program(program) {
        types = localTypes(program);
      },
      ExportNamedDeclaration(node) {
        const decl = node.declaration;
        if (decl?.type === 'FunctionDeclaration') check(decl, decl.id.name, node);
        else if (decl?.type === 'VariableDeclaration') {
          for (const d of decl.declarations) if (isFunction(d.init) && d.id.type === 'Identifier') check(d.init, d.id.name, node);
        } else if (!decl && !node.source) {
          for (const spec of node.specifiers) {
            const local = spec.local.type === 'Identifier' ? localFunction(spec.local.name, node) : null;
            if (local) check(local.fn, spec.exported.name ?? spec.local.name, local.statement);
          }
        }
      },
      ExportDefaultDeclaration(node) {
        if (isFunction(node.declaration)) check(node.declaration, 'The default export', node);
      },
    };
  },
};

export default {
  meta: { name: 'queries' },
  rules: { 'workspace-scope': workspaceScope },
};
