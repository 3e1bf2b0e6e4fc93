// The words a template can send, for the copy check (checks/copy-check.ts), which judges text rather than
// renders it for a lead. Conditions and RANDOM give a template many possible texts; the check asks two
// questions of them:
// - what words may go out at all (spam words, capitals, images): `everyText`, every branch and every
//   option, each apart from the next so no phrase spans two alternatives;
// - how long or how loud one email may be (links, exclamation marks, subject length, body words):
//   `longestText`, the longer branch of each condition and the longest option of each RANDOM.
// Merge fields are shown as the caller says (their name, or a space); tags are never the writer's words.
import { parsedTemplate, type FieldNode, type ParsedTemplate, type TemplateNode } from './template-parse';

type FieldText = (field: FieldNode) => string;

/** Every branch of every condition and every RANDOM option, one after another, tags as spaces or line breaks. */
export function everyText(template: string | ParsedTemplate, field: FieldText): string {
  let text = '';
  const walk = (nodes: readonly TemplateNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') text += node.text;
      else if (node.kind === 'field') text += field(node);
      else if (node.kind === 'random') text += `\n${node.options.join('\n')}\n`;
      else {
        text += ' ';
        walk(node.then);
        if (node.otherwise) {
          text += '\n';
          walk(node.otherwise);
        }
        text += ' ';
      }
    }
  };
  walk(parsedTemplate(template).nodes);
  return text;
}

/** The longest text the template can render: the longer branch of each condition (an absent else is
 *  empty), the longest option of each RANDOM. */
export function longestText(template: string | ParsedTemplate, field: FieldText): string {
  const longest = (nodes: readonly TemplateNode[]): string => {
    let text = '';
    for (const node of nodes) {
      if (node.kind === 'text') text += node.text;
      else if (node.kind === 'field') text += field(node);
      else if (node.kind === 'random') text += node.options.reduce((a, b) => (b.length > a.length ? b : a), '');
      else {
        const then = longest(node.then);
        const otherwise = node.otherwise ? longest(node.otherwise) : '';
        text += then.length >= otherwise.length ? then : otherwise;
      }
    }
    return text;
  };
  return longest(parsedTemplate(template).nodes);
}

/** Whether every text the template can render has a merge field that `wanted` accepts. */
export function alwaysHasField(template: string | ParsedTemplate, wanted: (field: FieldNode) => boolean): boolean {
  const always = (nodes: readonly TemplateNode[]): boolean =>
    nodes.some((node) => (node.kind === 'field' ? wanted(node) : node.kind === 'condition' && always(node.then) && node.otherwise !== null && always(node.otherwise)));
  return always(parsedTemplate(template).nodes);
}
