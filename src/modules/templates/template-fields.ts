// The names a template uses, for the checks that look at templates without rendering them: merge-check
// and the launch check for blank columns (a field used without a fallback), a column in use, a prompt
// column's fields. Read from the one parse (template-parse.ts), every branch of every condition.
import type { FieldSource } from './field-names';
import { parsedTemplate, type ParsedTemplate, type TemplateNode } from './template-parse';

export interface MergeField {
  /** The name as written (trimmed). */
  field: string;
  /** The fallback, trimmed; null when no pipe was written; '' for `{{name|}}`. */
  fallback: string | null;
  source: FieldSource;
  /**
   * Inside a branch that renders only when this very field is non-blank (`{{#if company}}…{{company}}…`,
   * or the `{{else}}` of `{{#unless company}}`, at any depth; names compared as field-names.ts matches
   * them): it never renders blank, so merge-check and blank_columns do not count it (decisions.md §11).
   */
  guarded: boolean;
}

/** Every well-formed merge field of a template, in the order written, in every branch. */
export function mergeFieldsOf(template: string | ParsedTemplate): MergeField[] {
  const out: MergeField[] = [];
  // Keys of the fields the enclosing branches guarantee non-blank (at most MAX_NESTING).
  const guards: string[] = [];
  const walk = (nodes: readonly TemplateNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'field' && node.name !== '') {
        const guarded = guards.length > 0 && guards.includes(node.ref.key);
        out.push({ field: node.name, fallback: node.fallback, source: node.ref.source, guarded });
      } else if (node.kind === 'condition') {
        const { key } = node.ref;
        // `#if f`: the first branch has f; `#unless f`: the else branch has it.
        for (const [branch, guarding] of [
          [node.then, !node.unless],
          [node.otherwise, node.unless],
        ] as const) {
          if (!branch) continue;
          if (guarding) guards.push(key);
          walk(branch);
          if (guarding) guards.pop();
        }
      }
    }
  };
  walk(parsedTemplate(template).nodes);
  return out;
}

/** The fields conditions test, in the order written (a blank one changes which branch is sent). */
export function conditionFieldsOf(template: string | ParsedTemplate): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly TemplateNode[]) => {
    for (const node of nodes) {
      if (node.kind !== 'condition') continue;
      out.push(node.field);
      walk(node.then);
      if (node.otherwise) walk(node.otherwise);
    }
  };
  walk(parsedTemplate(template).nodes);
  return out;
}
